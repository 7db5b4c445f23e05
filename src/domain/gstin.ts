import { z } from "zod";
import { NO_NUL } from "./text.ts";

/**
 * GSTINs (issue 36): the 15-character GST identification number a business customer gives so that
 * the tax invoice lets them claim input tax credit. Two digits of state code, the business's PAN
 * (five letters, four digits, a letter), the entity number (1-9 or A-Z), "Z" by default, and a check
 * character computed from the first fourteen.
 */

/** The GST state codes by state or union territory (the first two digits of a GSTIN). */
const STATE_CODES: Record<string, string> = {
  "Jammu and Kashmir": "01",
  "Himachal Pradesh": "02",
  Punjab: "03",
  Chandigarh: "04",
  Uttarakhand: "05",
  Haryana: "06",
  Delhi: "07",
  Rajasthan: "08",
  "Uttar Pradesh": "09",
  Bihar: "10",
  Sikkim: "11",
  "Arunachal Pradesh": "12",
  Nagaland: "13",
  Manipur: "14",
  Mizoram: "15",
  Tripura: "16",
  Meghalaya: "17",
  Assam: "18",
  "West Bengal": "19",
  Jharkhand: "20",
  Odisha: "21",
  Chhattisgarh: "22",
  "Madhya Pradesh": "23",
  Gujarat: "24",
  "Dadra and Nagar Haveli and Daman and Diu": "26",
  Maharashtra: "27",
  Karnataka: "29",
  Goa: "30",
  Lakshadweep: "31",
  Kerala: "32",
  "Tamil Nadu": "33",
  Puducherry: "34",
  "Andaman and Nicobar Islands": "35",
  Telangana: "36",
  "Andhra Pradesh": "37",
  Ladakh: "38",
  "Other Territory": "97",
};

/** A state's GST code by its name (any case), or undefined. */
export function stateCodeOf(state: string): string | undefined {
  const wanted = state.trim().toLowerCase();
  return Object.entries(STATE_CODES).find(([name]) => name.toLowerCase() === wanted)?.[1];
}

/** The state or union territory of a GST state code, or undefined. */
export function stateNameOf(code: string): string | undefined {
  return Object.entries(STATE_CODES).find(([, value]) => value === code)?.[0];
}

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * The check character of a GSTIN's first fourteen characters: each character's value (0-9, then
 * A-Z as 10-35) is multiplied by 1 and 2 in turn, each product's base-36 digits are added, and the
 * check is what brings the sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  if (!/^[0-9A-Z]{14}$/.test(first14)) throw new RangeError("A GSTIN's check covers 14 letters and digits.");
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = ALPHABET.indexOf(first14[i] as string) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36] as string;
}

/** The layout of a GSTIN: state code, PAN, entity number, Z, check character. */
const GSTIN_LAYOUT = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** Why a GSTIN (already in capitals, without spaces) is not valid, or undefined when it is. */
export function gstinProblem(gstin: string): string | undefined {
  if (gstin.length !== 15) return "A GSTIN has 15 characters, like 27AABCM1234F1ZX.";
  if (!GSTIN_LAYOUT.test(gstin)) {
    return "A GSTIN is 2 digits of state code, the 10-character PAN, a digit or letter, Z and a check character, like 27AABCM1234F1ZX.";
  }
  if (!stateNameOf(gstin.slice(0, 2))) {
    return `A GSTIN starts with a state code; ${gstin.slice(0, 2)} is not one.`;
  }
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) {
    return "This GSTIN's last character does not match the rest: please check it for a typing mistake.";
  }
  return undefined;
}

/** A GSTIN as typed: spaces and hyphens dropped, in capitals, then checked character by character. */
export const gstinSchema = z
  .string({ error: "Enter the business's GSTIN." })
  .transform((value) => value.replace(/[\s-]/g, "").toUpperCase())
  .superRefine((value, ctx) => {
    const problem = value === "" ? "Enter the business's GSTIN." : gstinProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** The business's legal name, as registered for GST. */
export const businessNameSchema = z
  .string({ error: "Enter the business's legal name." })
  .regex(NO_NUL, "A name may not contain NUL characters.")
  .trim()
  .min(2, "Enter the business's legal name, as registered for GST.")
  .max(120, "A business's name can be at most 120 characters.");

/** A business a customer books for: printed on the tax invoice as the buyer. */
export const businessSchema = z.object({ gstin: gstinSchema, legalName: businessNameSchema }).strict();
export type Business = z.output<typeof businessSchema>;

/** The same, as stored and answered (already checked). */
export const businessRecordSchema = z.object({ gstin: z.string(), legalName: z.string() });

/** GET and PUT /api/me/business: the business kept in the customer's profile, or none. */
export const businessResponseSchema = z.object({ business: businessRecordSchema.nullable() });
export type BusinessResponse = z.infer<typeof businessResponseSchema>;

/** The GST state code of a GSTIN: its first two digits. */
export const stateCodeOfGstin = (gstin: string) => gstin.slice(0, 2);
