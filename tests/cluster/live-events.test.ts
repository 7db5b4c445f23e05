import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingResponseSchema } from "#domain/booking.ts";
import type { Instance } from "#testing/cluster.ts";
import { type Cluster, startCluster } from "#testing/cluster.ts";
import { openStarts, openStream, PLUMBER, placeBooking, type Shopper, shopper } from "./customers.ts";

/**
 * Issue 42: a change made through one instance reaches the customer's stream held by the other
 * (Redis pub/sub under the deployment's prefix) within a second: the cart, the booking, its chat.
 */
const WITHIN_MS = 1_000;

describe("a live event made through one instance", () => {
  let cluster: Cluster;
  let a: Instance;
  let b: Instance;
  let customer: Shopper;
  beforeAll(async () => {
    cluster = await startCluster(2);
    [a, b] = cluster.instances as [Instance, Instance];
    customer = await shopper(a, a.url, cluster.origin, "cluster-live");
  });
  afterAll(async () => {
    await cluster?.close();
  });

  it("reaches a stream held by the other: cart, booking, chat", async () => {
    const stream = await openStream(customer, b.url);
    try {
      // The cart: written on A, seen on B's stream.
      const starts = await openStarts(customer, a.url);
      const cart = await stream.client.next(
        (event) => event.event === "cart" && event.data.includes(PLUMBER.option),
        WITHIN_MS,
      );
      expect(JSON.parse(cart.data).items).toHaveLength(1);

      // The booking: placed on A, its assignment (by whichever instance's queue) reaches B's stream.
      const placed = await placeBooking(customer, a.url, starts[0] as string);
      expect(placed.status, await placed.clone().text()).toBe(201);
      const { booking } = bookingResponseSchema.parse(await placed.json());
      const assigned = await stream.client.next(
        (event) => event.event === "booking" && event.data.includes(booking.id) && event.data.includes('"assigned"'),
        10_000,
      );
      expect(JSON.parse(assigned.data).id).toBe(booking.id);

      // The chat: a message sent on A is announced on B's stream within the second.
      const sent = Date.now();
      const said = await customer.at(a.url)(`/api/bookings/${booking.id}/messages`, {
        method: "POST",
        body: JSON.stringify({ body: "The drain is in the kitchen." }),
      });
      expect(said.status, await said.clone().text()).toBeLessThan(300);
      const message = await stream.client.next(
        (event) => event.event === "message" && event.data.includes(booking.id),
        WITHIN_MS,
      );
      expect(JSON.parse(message.data)).toEqual({ bookingId: booking.id });
      expect(Date.now() - sent).toBeLessThan(WITHIN_MS + 500);
    } finally {
      stream.close();
    }
  });
});
