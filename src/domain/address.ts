import { z } from "zod";
import { NO_NUL } from "./text.ts";

/** Saved addresses: what a customer enters, what the API answers, and how one reads in a line. */

export const ADDRESS_LABELS = ["Home", "Work", "Other"] as const;

const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .regex(NO_NUL, `${label} may not contain NUL characters.`)
    .trim()
    .min(min, min <= 1 ? `${label} is required.` : `${label} must be at least ${min} characters.`)
    .max(max, `${label} must be at most ${max} characters.`);
const optionalText = (label: string, max: number) =>
  z
    .string()
    .regex(NO_NUL, `${label} may not contain NUL characters.`)
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .optional()
    .default("");

export const addressInputSchema = z
  .object({
    label: z.enum(ADDRESS_LABELS, { error: "Choose Home, Work or Other." }),
    flat: text("Flat or house", 1, 60),
    building: optionalText("Building", 80),
    street: optionalText("Street", 120),
    locality: text("Locality", 2, 80),
    landmark: optionalText("Landmark", 80),
    pincode: z
      .string({ error: "Pincode is required." })
      .trim()
      .regex(/^[1-9]\d{5}$/, "Enter the 6-digit pincode."),
    lat: z.number().min(-90).max(90).optional(),
    lon: z.number().min(-180).max(180).optional(),
  })
  .strict();
export type AddressInput = z.input<typeof addressInputSchema>;

export const addressSchema = z.object({
  id: z.string(),
  label: z.enum(ADDRESS_LABELS),
  flat: z.string(),
  building: z.string(),
  street: z.string(),
  locality: z.string(),
  landmark: z.string(),
  pincode: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  /** Spec §9: whether Mates serves the locality (an unserved address cannot be booked). */
  served: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

/** One line for a person: "B-402, Sai Krupa, SV Road, Kandivali West 400067". */
export function formatAddress(address: Pick<Address, "flat" | "building" | "street" | "locality" | "pincode">): string {
  return [address.flat, address.building, address.street, `${address.locality} ${address.pincode}`]
    .filter((part) => part.trim() !== "")
    .join(", ");
}

export const addressResponseSchema = z.object({ address: addressSchema });
export const addressListSchema = z.object({ addresses: z.array(addressSchema) });
