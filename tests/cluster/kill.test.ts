import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { bookingResponseSchema } from "#domain/booking.ts";
import { type Cluster, clusterPort, type Instance, killHard, startCluster } from "#testing/cluster.ts";
import { startSmtpCatcher } from "#testing/smtp-catcher.ts";
import { openStarts, PLUMBER, placeBooking, type Shopper, shopper } from "./customers.ts";

/**
 * Issue 42: `kill -9` of one instance in the middle of 200 writes through nginx. Every write
 * answered 2xx is in the database; a booking whose answer was lost with the instance is sent again
 * with its Idempotency-Key and is never made twice; requests sent after the kill all go to the
 * survivor (nginx's next upstream on a refused connection). And a queued job the dead instance had
 * claimed runs once, on the survivor, after its lease (QUEUE_LEASE_SECONDS).
 */
const WRITES = 200;
const CUSTOMERS = 8;
const KILL_AFTER = 80;

describe("kill -9 of one instance", () => {
  const clusters: Cluster[] = [];
  afterAll(async () => {
    await Promise.all(clusters.map((cluster) => cluster.close()));
  });

  it("during 200 writes through nginx loses no acknowledged write and duplicates no booking", async () => {
    const cluster = await startCluster(2);
    clusters.push(cluster);
    const [victim] = cluster.instances as [Instance, Instance];
    const customers: Shopper[] = [];
    for (let i = 0; i < CUSTOMERS; i++)
      customers.push(await shopper(victim, cluster.origin, cluster.origin, `cluster-kill-${i}`));
    const starts = (await openStarts(customers[0] as Shopper, cluster.origin)).slice(0, 6);
    expect(starts.length).toBeGreaterThan(0);

    const acknowledged = { cartLines: 0, bookings: new Map<string, string>() };
    const lost: { key: string; customer: Shopper; start: string }[] = [];
    const afterKill: number[] = [];
    let sent = 0;
    let killedAt = Number.POSITIVE_INFINITY;
    /** When the victim's process was gone (a request sent between the two may still have reached it). */
    let deadAt = Number.POSITIVE_INFINITY;
    let ackCount = 0;
    let killing: Promise<void> | undefined;
    const work = async (customer: Shopper, index: number) => {
      while (sent < WRITES) {
        sent++;
        const began = Date.now();
        const booking = sent % 4 === 0;
        const key = randomUUID();
        const start = starts[(sent + index) % starts.length] as string;
        const response = await (booking
          ? placeBooking(customer, cluster.origin, start, key)
          : customer.at(cluster.origin)("/api/cart/items", { method: "POST", body: JSON.stringify(PLUMBER) }));
        const status = response.status;
        const body = await response.text();
        if (began > deadAt) afterKill.push(status);
        expect(status, body).not.toBe(500);
        if (status === 502 || status === 504) {
          // In flight on the dead instance: nginx does not resend a POST it had sent.
          expect(began).toBeLessThanOrEqual(deadAt);
          if (booking) lost.push({ key, customer, start });
          continue;
        }
        if (status >= 300) continue; // an honest refusal (the slot is full): nothing written
        ackCount++;
        if (booking) acknowledged.bookings.set(key, bookingResponseSchema.parse(JSON.parse(body)).booking.id);
        else acknowledged.cartLines++;
        if (ackCount === KILL_AFTER && !killing) {
          killedAt = Date.now();
          killing = killHard(victim).then(() => {
            deadAt = Date.now();
          });
        }
        // Placing empties the cart: the next booking of this customer has something to book.
        if (booking)
          await customer.at(cluster.origin)("/api/cart/items", { method: "POST", body: JSON.stringify(PLUMBER) });
      }
    };
    await Promise.all(customers.map(work));
    await killing;
    expect(killedAt).toBeLessThan(Number.POSITIVE_INFINITY);

    // Every request sent after the kill was answered by the survivor.
    expect(afterKill.length).toBeGreaterThan(0);
    expect(afterKill.filter((status) => status >= 500)).toEqual([]);

    // The lost answers, sent again with the same key: the survivor finds or makes one booking each.
    for (const { key, customer, start } of lost) {
      const again = await placeBooking(customer, cluster.origin, start, key);
      expect(again.status, await again.clone().text()).toBeLessThan(500);
      if (again.status < 300)
        acknowledged.bookings.set(key, bookingResponseSchema.parse(await again.json()).booking.id);
    }

    const stored = await cluster.rows<{ id: string; idempotency_key: string }>(
      "select id, idempotency_key from bookings",
    );
    for (const [key, id] of acknowledged.bookings) {
      const withKey = stored.filter((row) => row.idempotency_key === key);
      expect(
        withKey.map((row) => row.id),
        `booking of key ${key}`,
      ).toEqual([id]);
    }
    const keys = stored.map((row) => row.idempotency_key);
    expect(new Set(keys).size).toBe(keys.length);
    console.info(
      `[cluster kill] ${JSON.stringify({ sent, acknowledged: ackCount, bookings: acknowledged.bookings.size, lost: lost.length, afterKill: afterKill.length })}`,
    );
  });

  it("leaves a job it had claimed to the survivor, which runs it once after the lease", async () => {
    // The victim's mail server takes each message and never says it has: the victim is still
    // sending when it is killed. The survivor's answers (the booking's other notices go out there).
    const slowMail = await startSmtpCatcher({ acceptDelayMs: 600_000, port: await clusterPort() });
    const mail = await startSmtpCatcher({ port: await clusterPort() });
    const cluster = await startCluster(1, { QUEUE_LEASE_SECONDS: "3", SMTP_URL: slowMail.url });
    clusters.push(cluster);
    const [victim] = cluster.instances as [Instance];
    const survivor = await cluster.addInstance({ SMTP_URL: mail.url });
    let cut: { id: string }[] = [];
    try {
      // Only the victim claims while the survivor is paused.
      survivor.process.child.kill("SIGSTOP");
      const customer = await shopper(victim, victim.url, cluster.origin, "cluster-lease");
      const [start] = await openStarts(customer, victim.url);
      const placed = await placeBooking(customer, victim.url, start as string);
      expect(placed.status).toBe(201);
      // The victim is inside a send: its job claimed (lease running), its notice marked sending.
      const sending = async () =>
        cluster.rows<{ id: string }>(
          "select n.id from notifications n join queued_jobs q on q.key = 'notifications.mail:' || n.id where n.outcome = 'sending' and q.done_at is null and q.locked_until > now()",
        );
      await expect.poll(async () => (await sending()).length, { timeout: 15_000, interval: 50 }).toBeGreaterThan(0);
      cut = await sending();
      await killHard(victim);
    } finally {
      survivor.process.child.kill("SIGCONT");
    }
    const keys = cut.map((notice) => `'notifications.mail:${notice.id}'`).join(",");
    // After the lease the survivor claims each such job once and finishes it: the notice cut off
    // mid-send is settled as interrupted, never sent twice (record 036's at most once).
    await expect
      .poll(
        async () =>
          (
            await cluster.rows<{ n: number }>(
              `select count(*)::int as n from queued_jobs where key in (${keys}) and done_at is not null`,
            )
          )[0]?.n,
        { timeout: 20_000, interval: 100 },
      )
      .toBe(cut.length);
    const finished = await cluster.rows(`select attempts, outcome from queued_jobs where key in (${keys})`);
    for (const row of finished) expect(row).toEqual({ attempts: 2, outcome: "done" });
    const notices = await cluster.rows<{ outcome: string }>(
      `select outcome from notifications where id in (${cut.map((notice) => `'${notice.id}'`).join(",")})`,
    );
    expect(notices.map((row) => row.outcome)).toEqual(cut.map(() => "interrupted"));
    // Each notice went out at most once: none of the survivor's mails is repeated.
    const subjects = mail.mails.map((sent) => `${JSON.stringify(sent.to)} ${sent.subject}`);
    expect(new Set(subjects).size).toBe(subjects.length);
    await Promise.all([slowMail.close(), mail.close()]);
  });
});
