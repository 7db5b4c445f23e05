import { z } from "zod";

/** The slot picker's API: a day's start times for the cart (the rules are in booking.ts). */
export const slotsQuerySchema = z.object({
  date: z.iso.date("date must be a day as YYYY-MM-DD"),
});

/**
 * Why a start cannot be had: every mate with the skill who works then is booked, or none works
 * then at all (before their hours begin, a break, a day off). The picker leaves the second out.
 */
export const slotUnavailableSchema = z.enum(["booked", "off_duty"]);
export type SlotUnavailable = z.infer<typeof slotUnavailableSchema>;

export const slotSchema = z.object({
  start: z.iso.datetime({ offset: true }),
  end: z.iso.datetime({ offset: true }),
  label: z.string(),
  available: z.boolean(),
  unavailable: slotUnavailableSchema.nullable(),
});
export type Slot = z.infer<typeof slotSchema>;

export const slotsResponseSchema = z.object({
  date: z.string(),
  days: z.array(z.string()),
  durationMinutes: z.number().int(),
  slots: z.array(slotSchema),
});
export type SlotsResponse = z.infer<typeof slotsResponseSchema>;
