import type { MiddlewareHandler } from "hono";

/** Answers that belong to one person (cart, addresses, bookings, the profile) are never cached. */
export const noStore: MiddlewareHandler = async (c, next) => {
  c.header("Cache-Control", "no-store");
  await next();
};
