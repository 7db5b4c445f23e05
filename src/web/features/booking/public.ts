/** What other features may use of the booking feature. */
export { formatSlot } from "./booking-format.ts";
