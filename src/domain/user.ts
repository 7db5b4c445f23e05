import { z } from "zod";
import { NO_NUL } from "./text.ts";

/** Indian mobile numbers: 10 digits starting 6–9, optionally written with +91 or 0 and spaces or hyphens. */
export const mobileSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s-]/g, "").replace(/^(\+91|0091|91(?=\d{10}$)|0(?=\d{10}$))/, ""))
  .pipe(z.string().regex(/^[6-9]\d{9}$/, "Enter a 10-digit Indian mobile number"));

export const fullNameSchema = z
  .string()
  .regex(NO_NUL, "A name may not contain NUL characters")
  .trim()
  .min(1, "Enter your full name")
  .max(80, "A name can be at most 80 characters");

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * Spec §3 and §6: a customer (every sign-up), a mate (a professional, invited; linked to one row of
 * mates) or an operator. Nobody can change their own role through any API.
 */
export const ROLES = ["customer", "mate", "operator"] as const;
export type Role = (typeof ROLES)[number];

/** A stored role; anything unknown is treated as the least privileged one. */
export function roleOf(value: unknown): Role {
  return ROLES.includes(value as Role) ? (value as Role) : "customer";
}

/** Spec §3: the user record, as GET /api/me returns it. */
export const userRecordSchema = z.object({
  uid: z.string(),
  fullName: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  photoURL: z.string().nullable(),
  role: z.string(),
  fcmToken: z.string(),
  createdAt: z.string(),
  zone: z.string(),
  /** A number proven by a code by SMS (issue 41), or null; `email` is "" for an account made by phone. */
  phoneNumber: z.string().nullable(),
  phoneNumberVerified: z.boolean(),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

export const meResponseSchema = z.object({ user: userRecordSchema, authToken: z.string() });
export type MeResponse = z.infer<typeof meResponseSchema>;

/** PATCH /api/me: the fields a customer may change. */
export const updateMeSchema = z
  .object({ fullName: fullNameSchema.optional(), mobile: mobileSchema.optional() })
  .strict()
  .refine((value) => value.fullName !== undefined || value.mobile !== undefined, "Send fullName or mobile to change");
