import { defineMessages } from "#web/i18n/area.ts";
import { messages as en } from "./messages/en-IN.ts";

/**
 * A booking as the customer follows it: its steps, the start code, the mate, extra work, the bill,
 * the re-work and the timeline (the booking page and the bookings list).
 */
export const progressMessages = defineMessages("booking-progress", en, {
  "hi-IN": () => import("./messages/hi-IN.ts"),
  "mr-IN": () => import("./messages/mr-IN.ts"),
});

export type ProgressKey = keyof typeof en;
