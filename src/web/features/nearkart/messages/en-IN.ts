import { BOOKING_WINDOW_TEXT } from "#domain/booking-window.ts";
import { SERVICE_HOURS } from "#domain/constants.ts";
import { source } from "#domain/i18n/messages.ts";

/** Nearkart pages: the delivery promise beside the shop's items. */
export const messages = source({
  heading: { message: "Same-day delivery", comment: "Nearkart page, side column: heading of the delivery promise" },
  slot: {
    message: `Choose a 30-minute slot between ${SERVICE_HOURS.opens} and ${SERVICE_HOURS.closes}, ${BOOKING_WINDOW_TEXT}.`,
    comment: "Nearkart delivery promise, point 1: when the delivery can come",
  },
  free: {
    message: "Free delivery to your door; items at the shop's printed MRP.",
    comment: "Nearkart delivery promise, point 2",
  },
  outOfStock: {
    message: "The mate calls before replacing anything out of stock.",
    comment: "Nearkart delivery promise, point 3",
  },
});
