import { z } from "zod";

/** The parsers of config.ts's settings: each turns an environment variable into a checked value, or says what it must be. */

export const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

export const url = (protocols: string[], what: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `must be ${what} (${protocols.map((p) => `${p}//…`).join(" or ")})`,
    );

export const optionalUrl = (protocols: string[], what: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    url(protocols, what).optional(),
  );

/** A whole number setting with a default: "must be a whole number of <unit>", within its bounds. */
export const wholeNumber = (fallback: number, unit: string, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}) =>
  z.preprocess(
    (value) => (value === undefined || value === "" ? String(fallback) : value),
    z
      .string()
      .trim()
      .regex(/^\d+$/, `must be a whole number of ${unit}${min > 0 ? ` (at least ${min})` : ""}`)
      .transform(Number)
      .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`)),
  );

/** Minutes from a moment, before it when negative (within a week either way). */
export const signedMinutes = (fallback: number) =>
  z.preprocess(
    (value) => (value === undefined || value === "" ? String(fallback) : value),
    z
      .string()
      .regex(/^\s*-?\d+\s*$/, "must be a whole number of minutes (negative: before the start)")
      .transform(Number)
      .pipe(z.number().int().min(-10_080, "must be at least -10080").max(10_080, "must be at most 10080")),
  );

/** A whole number of requests per minute, with its default when unset. */
export const perMinute = (fallback: number, min = 1) => wholeNumber(fallback, "requests per minute", { min });
