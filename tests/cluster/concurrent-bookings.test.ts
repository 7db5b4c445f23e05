import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingResponseSchema } from "#domain/booking.ts";
import { type Cluster, startCluster } from "#testing/cluster.ts";
import { openStarts, placeBooking, shopper } from "./customers.ts";

/**
 * Issue 42: 20 customers book the same service for the same start at the same moment, through
 * nginx onto both instances. Both instances' queues assign mates at once; the database must still
 * give no mate two jobs that overlap, and every booking is assigned or honestly without a mate.
 */
const CUSTOMERS = 20;

describe("20 customers booking one slot at once through nginx", () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster(2);
  });
  afterAll(async () => {
    await cluster?.close();
  });

  it("double-books no mate, answers no 5xx, leaves every booking assigned or honestly without a mate", async () => {
    const first = cluster.instances[0];
    if (!first) throw new Error("an instance");
    // All at once, through nginx onto both instances, and all with one name: each gets a user key of
    // its own (record 080), so the sign-up rush is part of the test as the bookings' is.
    const customers = await Promise.all(
      Array.from({ length: CUSTOMERS }, (_, i) => shopper(first, cluster.origin, cluster.origin, `rush-${i}`)),
    );
    // Ids are Better Auth's generated ones (letters and digits only), safe to write into the query.
    const ids = customers.map((customer) => `'${customer.id}'`).join(", ");
    const keys = await cluster.rows<{ n: number }>(
      `select count(distinct key)::int as n from users where id in (${ids})`,
    );
    expect(keys[0]?.n).toBe(CUSTOMERS);
    const starts = await Promise.all(customers.map((customer) => openStarts(customer, cluster.origin)));
    const start = starts[0]?.[0];
    if (!start) throw new Error("no open start");

    const answers = await Promise.all(customers.map((customer) => placeBooking(customer, cluster.origin, start)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    const placed = await Promise.all(
      answers
        .filter((answer) => answer.status === 201)
        .map(async (answer) => bookingResponseSchema.parse(await answer.json()).booking.id),
    );
    // Some are refused for the slot once it is full (4xx, an honest answer); most go through.
    expect(placed.length).toBeGreaterThan(0);

    // Both queues have looked for mates: nothing stays "finding" for long.
    await expect
      .poll(
        async () =>
          (await cluster.rows<{ n: number }>("select count(*)::int as n from bookings where status = 'finding'"))[0]?.n,
        { timeout: 30_000, interval: 100 },
      )
      .toBe(0);
    const stored = await cluster.rows<{ id: string; status: string }>("select id, status from bookings");
    expect(stored.map((row) => row.id).sort()).toEqual([...placed].sort());
    for (const row of stored) expect(["assigned", "unassigned"]).toContain(row.status);

    // No mate holds two jobs whose times overlap, and none holds a cell twice (the key forbids it).
    const overlaps = await cluster.rows(`
      select j1.mate_id from jobs j1
      join jobs j2 on j1.mate_id = j2.mate_id and j1.id < j2.id
      join bookings b1 on b1.id = j1.booking_id
      join bookings b2 on b2.id = j2.booking_id
      where b1.status = 'assigned' and b2.status = 'assigned'
        and b1.start_at < b2.end_at and b2.start_at < b1.end_at`);
    expect(overlaps).toEqual([]);
    const assigned = stored.filter((row) => row.status === "assigned").length;
    const matesBusy = await cluster.rows<{ n: number }>(
      "select count(distinct j.mate_id)::int as n from jobs j join bookings b on b.id = j.booking_id where b.status = 'assigned'",
    );
    expect(matesBusy[0]?.n).toBe(assigned);
    console.info(`[cluster rush] ${JSON.stringify({ placed: placed.length, assigned, statuses })}`);
  });
});
