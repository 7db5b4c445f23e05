import { z } from "zod";
import { NO_NUL } from "./text.ts";

/**
 * Chat between a booking's customer and its mate (issue 18): one thread per booking, open from the
 * assignment until 24 hours after completion; text only. Phone numbers and e-mail addresses typed
 * into a message are hidden from the other side: both talk through the app.
 */
export const CHAT_RULES = {
  maxLength: 1000,
  /** After the booking is completed, the thread stays open this long. */
  openHoursAfterCompletion: 24,
  /** Messages one person may send per minute. */
  perMinute: 20,
} as const;

export const PHONE_HIDDEN = "[phone number hidden]";
export const EMAIL_HIDDEN = "[e-mail hidden]";

/** An e-mail address, loosely: something@something.something. */
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/g;
/**
 * A phone number as people type one: 8 or more digits, perhaps after +91 or 0, with spaces, dots,
 * dashes or brackets between them ("98200 12345", "+91-98200-12345", "(022) 2890 1234").
 */
const PHONE = /(?:\+|\()?\d[\d\s().-]{6,}\d/g;

/** The message as the other side reads it: numbers and addresses hidden. */
export function maskContacts(text: string): string {
  return text
    .replace(EMAIL, EMAIL_HIDDEN)
    .replace(PHONE, (found) => (found.replace(/\D/g, "").length >= 8 ? PHONE_HIDDEN : found));
}

export const messageInputSchema = z
  .object({
    body: z
      .string({ error: "Write a message." })
      .trim()
      .min(1, "Write a message.")
      .max(CHAT_RULES.maxLength, `A message is at most ${CHAT_RULES.maxLength} characters.`)
      .regex(NO_NUL, "A message may not contain NUL characters."),
  })
  .strict();

export const CHAT_SIDES = ["customer", "mate"] as const;

export const messageSchema = z.object({
  id: z.string(),
  from: z.enum(CHAT_SIDES),
  /** Whether the reader sent it. */
  mine: z.boolean(),
  body: z.string(),
  at: z.string(),
  /** For one's own messages: whether the other side has read it. */
  read: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;

export const threadSchema = z.object({
  open: z.boolean(),
  /** Why no message can be sent now, when closed. */
  closedReason: z.string().optional(),
  /** Who the reader talks to: the mate's or the customer's first name. */
  with: z.string(),
  messages: z.array(messageSchema),
});
export type Thread = z.infer<typeof threadSchema>;

/** Whether a thread takes messages now, and if not, why. */
export function chatOpen(
  booking: { status: string; jobs: readonly { status: string; hasMate: boolean }[]; completedAt?: Date | undefined },
  now: Date,
): { open: boolean; reason?: string } {
  if (booking.status === "cancelled") return { open: false, reason: "This booking is cancelled." };
  if (booking.status === "completed") {
    const until = (booking.completedAt?.getTime() ?? 0) + CHAT_RULES.openHoursAfterCompletion * 3_600_000;
    return now.getTime() < until
      ? { open: true }
      : { open: false, reason: "Chat closes 24 hours after the job is completed." };
  }
  return booking.jobs.some((job) => job.hasMate && job.status !== "cancelled")
    ? { open: true }
    : { open: false, reason: "Chat opens once a mate is assigned." };
}
