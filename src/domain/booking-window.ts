/**
 * Bookings are for today and the next 6 days (BOOKING_RULES in booking.ts). A module of its own so
 * that pages which only say so (About, FAQs, Nearkart) do not load booking.ts and its schemas.
 */
export const BOOKING_DAYS = 7;

/** The booking window in words, as the slot picker offers it: today counts as the first of the days. */
export const BOOKING_WINDOW_TEXT = `today (from 2 hours ahead) or any of the ${BOOKING_DAYS - 1} days after`;
