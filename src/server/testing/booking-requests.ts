import { expect } from "vitest";
import { addressResponseSchema } from "#domain/address.ts";
import { type Booking, bookingResponseSchema } from "#domain/booking.ts";
import type { TestCustomer } from "./customers.ts";
import { post } from "./requests.ts";
import type { TestApp } from "./test-app.ts";

/**
 * A customer's addresses, cart and bookings, made through the API for the tests of addresses,
 * slots, placing and the customer's bookings: two addresses (one served, one not) and the requests.
 */
export const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+05:30`).toISOString();

export const KANDIVALI = {
  label: "Home",
  flat: "B-402",
  building: "Sai Krupa CHS",
  street: "Mathuradas Road",
  locality: "Kandivali West",
  landmark: "Near Shatabdi Hospital",
  pincode: "400067",
  lat: 19.2045,
  lon: 72.8421,
};
export const COLABA = {
  ...KANDIVALI,
  flat: "12",
  building: "Sea View",
  street: "Shahid Bhagat Singh Road",
  locality: "Colaba",
  pincode: "400005",
  lat: 18.9069,
  lon: 72.8106,
};

export async function addAddress(customer: TestCustomer, address: object = KANDIVALI) {
  const response = await customer.request("/api/addresses", post(address));
  expect(response.status, await response.clone().text()).toBe(201);
  return addressResponseSchema.parse(await response.json()).address;
}
export async function fillCart(customer: TestCustomer, service = "plumber", option = "drain-blockage", quantity = 1) {
  const response = await customer.request("/api/cart/items", post({ service, option, quantity }));
  expect(response.status).toBe(200);
}
/** The booking once the queue has looked for its mate (runDue waits for a run the worker has in hand, then looks again). */
export async function settled(t: TestApp, customer: TestCustomer, id: string): Promise<Booking> {
  for (let i = 0; i < 20; i++) {
    const { booking } = bookingResponseSchema.parse(await (await customer.request(`/api/bookings/${id}`)).json());
    if (booking.status !== "finding") return booking;
    await t.queue.runDue();
  }
  throw new Error("the booking stayed finding");
}
export async function book(customer: TestCustomer, addressId: string, start: string, key = crypto.randomUUID()) {
  return customer.request(
    "/api/bookings",
    post({ addressId, start, paymentMethod: "pay_after_service", idempotencyKey: key }),
  );
}
