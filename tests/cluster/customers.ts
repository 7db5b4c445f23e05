import { expect } from "vitest";
import { addressResponseSchema } from "#domain/address.ts";
import { bookingDays } from "#domain/booking.ts";
import { kolkataDay } from "#domain/kolkata-time.ts";
import { slotsResponseSchema } from "#domain/slots.ts";
import { KANDIVALI } from "#testing/booking-requests.ts";
import { type Instance, requestTo } from "#testing/cluster.ts";
import { type ProcessCustomer, signUp } from "#testing/server-process.ts";
import { SseClient } from "#testing/sse-client.ts";

/** What the cluster tests book: a plumber for a blocked drain (seeded catalogue, one job, one mate). */
export const PLUMBER = { service: "plumber", option: "drain-blockage", quantity: 1 };

/** Signs a new customer up on `base` (nginx or one instance), as the browser on `origin` would. */
export function signUpAt(instance: Instance, base: string, origin: string, label: string): Promise<ProcessCustomer> {
  return signUp({ ...instance.process, request: requestTo(base, origin) }, label);
}

export type Shopper = ProcessCustomer & {
  addressId: string;
  /** A request as this customer, from its own client address, to `base`. */
  at: (base: string) => (path: string, init?: RequestInit) => Promise<Response>;
};

/** A customer with a served address in Kandivali, made through `base`. */
export async function shopper(instance: Instance, base: string, origin: string, label: string): Promise<Shopper> {
  const customer = await signUpAt(instance, base, origin, label);
  const at =
    (target: string) =>
    (path: string, init: RequestInit = {}) =>
      requestTo(target, origin)(path, { ...init, headers: { ...customer.headers, ...(init.headers as object) } });
  const response = await at(base)("/api/addresses", { method: "POST", body: JSON.stringify(KANDIVALI) });
  expect(response.status, await response.clone().text()).toBe(201);
  return { ...customer, addressId: addressResponseSchema.parse(await response.json()).address.id, at };
}

/** Puts the plumber in the cart (through `base`), and answers the open starts of the day after tomorrow. */
export async function openStarts(customer: Shopper, base: string): Promise<string[]> {
  const added = await customer.at(base)("/api/cart/items", { method: "POST", body: JSON.stringify(PLUMBER) });
  expect(added.status, await added.clone().text()).toBe(200);
  const day = bookingDays(new Date())[2] ?? kolkataDay(new Date());
  const slots = slotsResponseSchema.parse(await (await customer.at(base)(`/api/slots?date=${day}`)).json());
  return slots.slots.filter((slot) => slot.available).map((slot) => slot.start);
}

/** The customer's event stream, opened on `base`; `close` ends it. */
export async function openStream(customer: Shopper, base: string, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const response = await customer.at(base)("/api/events", { headers, signal: abort.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const client = new SseClient(response);
  // The opening cart says the stream is subscribed: what is published from now on reaches it.
  await client.next((event) => event.event === "cart");
  return { client, close: () => abort.abort() };
}

/** Places the cart as a booking at `start` through `base`, with its idempotency key. */
export function placeBooking(customer: Shopper, base: string, start: string, key: string = crypto.randomUUID()) {
  return customer.at(base)("/api/bookings", {
    method: "POST",
    body: JSON.stringify({
      addressId: customer.addressId,
      start,
      paymentMethod: "pay_after_service",
      idempotencyKey: key,
    }),
  });
}
