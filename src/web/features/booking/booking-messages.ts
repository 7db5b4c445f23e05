import { defineMessages } from "#web/i18n/area.ts";
import { messages as en } from "./messages/en-IN.ts";

/** The booking journey's messages: the booking feature and its pages (address, payment, booking page). */
export const bookingMessages = defineMessages("booking", en, {
  "hi-IN": () => import("./messages/hi-IN.ts"),
  "mr-IN": () => import("./messages/mr-IN.ts"),
});

export type BookingKey = keyof typeof en;
export type BookingT = (key: BookingKey, values?: Record<string, unknown>) => string;
