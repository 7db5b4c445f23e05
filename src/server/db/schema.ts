/** The whole database schema, composed from each capability's pieces (drizzle-kit reads this file). */
export { addresses } from "../addresses/schema.ts";
export { accounts, sessions, users, verifications } from "../auth/schema.ts";
export { bookingMates, bookings } from "../bookings/schema.ts";
export { cartItems } from "../cart/schema.ts";
export { serviceOptions, services } from "../catalogue/schema.ts";
export { mateBusy, mates } from "../mates/schema.ts";
export { zones } from "./zones-schema.ts";
