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

/**
 * An e-mail address: a local part, "@", and a domain of two or more labels. Only the characters an
 * address is made of are taken, so the punctuation around it ("(", ";", a full stop) stays.
 */
const LABEL = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?`;
const EMAIL = new RegExp(String.raw`[\p{L}\p{N}_%+-][\p{L}\p{N}._%+-]*@${LABEL}(?:\.${LABEL})+`, "gu");

/**
 * A phone number as people type one: groups of digits, perhaps after a country code ("+91") or with
 * the area code in brackets ("(022)"), joined by spaces or tabs, dots or dashes, however many
 * ("98200 12345", "+91-98200-12345", "(022) 2890 1234", "98200 -- 12345"): spreading the groups
 * apart must not get a number through. Never across a line break.
 */
const DIGITS = String.raw`(?:\(\d{1,5}\)|\d+)`;
const JOIN = String.raw`(?:[ \t\u00a0]*[.-]+[ \t\u00a0]*|[ \t\u00a0]+)?`;
const PHONE = new RegExp(String.raw`(?:\+\d{1,3}|${DIGITS})(?:${JOIN}${DIGITS})*`, "g");
/** Digits of a number without its country code or trunk 0: India's numbers have ten. */
const NATIONAL_DIGITS = 10;
const MIN_PHONE_DIGITS = 8;

/**
 * Where a run of digit groups stops being one number: after the group that completes ten national
 * digits ("98200 12345 2 taps": the 2 is not part of it). A run that never gets there (an 8-digit
 * landline without its code) is taken whole.
 */
function numberEnd(run: string): number {
  let national = 0;
  for (const group of run.matchAll(/\+?\d+|\(\d+\)/g)) {
    const digits = group[0].replace(/\D/g, "");
    const prefix = group.index === 0 && (group[0].startsWith("+") || digits === "0" || digits === "91");
    if (!prefix) national += digits.replace(/^0/, "").length;
    if (national >= NATIONAL_DIGITS) return group.index + group[0].length;
  }
  return run.length;
}

function maskPhones(text: string): string {
  return text.replace(PHONE, (run) => {
    const end = numberEnd(run);
    const number = run.slice(0, end);
    const masked = number.replace(/\D/g, "").length >= MIN_PHONE_DIGITS ? PHONE_HIDDEN : number;
    return masked + maskPhones(run.slice(end));
  });
}

/** The message as the other side reads it: numbers and addresses hidden, every other character kept. */
export function maskContacts(text: string): string {
  return maskPhones(text.replace(EMAIL, EMAIL_HIDDEN));
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
