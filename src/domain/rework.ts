import { z } from "zod";
import { NO_NUL } from "./text.ts";

/**
 * Free re-work (issue 18): within 30 days of a completed booking its customer may say the work was
 * not right, once per booking, with a few photos. That makes a free booking of the same services at
 * the same address, offered first to the same mates, and marked re-work for operators (record 035).
 */
export const REWORK_RULES = {
  windowDays: 30,
  descriptionMin: 10,
  descriptionMax: 1000,
  maxPhotos: 3,
  maxPhotoBytes: 5 * 1024 * 1024,
} as const;

/** What a photo may be, decided from its bytes (never its name or the browser's claim). */
export const PHOTO_TYPES = ["image/jpeg", "image/png"] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
export const PHOTO_ACCEPT = ".jpg,.jpeg,.png,image/jpeg,image/png";

/** The request's fields, sent as the JSON part `details` of a multipart form beside the photos (`photos`). */
export const reworkDetailsSchema = z
  .object({
    description: z
      .string()
      .regex(NO_NUL, "The description may not contain NUL characters.")
      .trim()
      .min(REWORK_RULES.descriptionMin, "Tell us what is wrong, in a sentence or two.")
      .max(REWORK_RULES.descriptionMax, `Describe it in at most ${REWORK_RULES.descriptionMax} characters.`),
    start: z.iso.datetime({ offset: true, error: "Choose a time for the re-work." }),
  })
  .strict();
export type ReworkDetails = z.infer<typeof reworkDetailsSchema>;

/** Until when a booking completed at this time can ask for re-work, or null when that time has passed. */
export function reworkOpenUntil(completedAt: Date | undefined, now: Date): Date | null {
  if (!completedAt) return null;
  const until = new Date(completedAt.getTime() + REWORK_RULES.windowDays * 86_400_000);
  return now < until ? until : null;
}

/** What a booking says of re-work: whether it can be asked for, the one asked, or the one it is. */
export const bookingReworkSchema = z.object({
  /** Set while re-work can be asked for: completed less than 30 days ago and none asked yet. */
  openUntil: z.string().nullable(),
  /** The re-work booking asked for from this one. */
  requestedAs: z.string().nullable(),
  /** On a re-work booking: the booking it redoes, what was wrong, and the photos' addresses. */
  of: z.object({ bookingId: z.string(), description: z.string(), photos: z.array(z.string()) }).nullable(),
});
export type BookingRework = z.infer<typeof bookingReworkSchema>;
