/** What other features may use of the booking feature. */

export { Bill } from "./bill.tsx";
export { formatSlot } from "./booking-format.ts";
