import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "#domain/api-error.ts";
import { type Booking, bookingResponseSchema } from "#domain/booking.ts";
import { setOffFrom } from "#domain/job.ts";
import { mateJobSchema } from "#domain/mate-app.ts";
import { bookings, jobs } from "#server/bookings/schema.ts";
import { invoices } from "#server/payments/schema.ts";
import { signUpCustomer, type TestCustomer } from "#testing/customers.ts";
import { JPEG, PDF, PNG } from "#testing/files.ts";
import { signInAsMate, signInAsOperator } from "#testing/mates.ts";
import {
  completedBooking,
  MANY_SIGN_UPS,
  SEED_NOW,
  type SeededCustomer,
  seedCustomer,
  seedStart,
  settledBooking,
} from "#testing/seeded-customer.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { handMovedClock } from "#testing/test-clock.ts";
import { reworkRequests } from "./schema.ts";

/** Issue 18's API proofs of free re-work: whose booking, within 30 days, once, free, the same mate first, photos. */
const clock = handMovedClock(SEED_NOW);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now, authLimits: MANY_SIGN_UPS });
});
afterAll(() => t.close());

type Photo = { name: string; bytes: Uint8Array };

const DESCRIPTION = "The drain is blocked again and water stands in the sink.";
function ask(customer: TestCustomer, bookingId: string, details: unknown, photos: Photo[] = []) {
  const form = new FormData();
  form.set("details", typeof details === "string" ? details : JSON.stringify(details));
  for (const photo of photos) {
    form.append("photos", new Blob([photo.bytes as Uint8Array<ArrayBuffer>]), photo.name);
  }
  return customer.request(`/api/bookings/${bookingId}/rework`, { method: "POST", body: form });
}
async function refusal(response: Response) {
  return { status: response.status, ...apiErrorSchema.parse(await response.json()).error };
}
const bookingOf = async (customer: TestCustomer, id: string): Promise<Booking> =>
  bookingResponseSchema.parse(await (await customer.request(`/api/bookings/${id}`)).json()).booking;
const stored = () => {
  const dir = join(t.config.dataDir, "uploads");
  return existsSync(dir) ? readdirSync(dir).length : 0;
};

/** A completed plumbing booking whose work, as far as re-work goes, was done by mate-021 (Mira Road, not the nearest). */
async function doneBy021(slot: string): Promise<SeededCustomer> {
  const customer = await seedCustomer(t, slot);
  await completedBooking(t, customer, clock.moveTo);
  await t.database.db.update(jobs).set({ mateId: "mate-021" }).where(eq(jobs.bookingId, customer.bookingId));
  return customer;
}

describe("free re-work", () => {
  it("makes a free booking of the same services, offered first to the mate who did the work, once per booking", async () => {
    const customer = await doneBy021("09:00");
    const before = await bookingOf(customer, customer.bookingId);
    expect(before.rework.openUntil).toBe(new Date(clock.now().getTime() + 30 * 86_400_000).toISOString());

    const answer = await ask(customer, customer.bookingId, { description: DESCRIPTION, start: seedStart("14:00") }, [
      { name: "sink.png", bytes: PNG },
    ]);
    expect(answer.status, await answer.clone().text()).toBe(201);
    const rework = bookingResponseSchema.parse(await answer.json()).booking;
    expect(rework).toMatchObject({
      totalRupees: 0,
      paymentMethod: "pay_after_service",
      items: [expect.objectContaining({ service: "plumber", option: "drain-blockage", lineTotalRupees: 0 })],
      rework: { of: { bookingId: customer.bookingId, description: DESCRIPTION } },
    });
    expect(rework.address).toEqual(before.address);
    const photoUrl = rework.rework.of?.photos[0] ?? "";
    expect(photoUrl).toMatch(new RegExp(`^/api/rework/${rework.id}/photos/[A-Za-z0-9_-]{22}$`));

    // The mate who did the work gets it first, though another plumber lives nearer.
    await settledBooking(t, { ...customer, bookingId: rework.id });
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.bookingId, rework.id));
    expect(job?.mateId).toBe("mate-021");

    const original = await bookingOf(customer, customer.bookingId);
    expect(original.rework).toEqual({ openUntil: null, requestedAs: rework.id, of: null });
    expect(original.history.map((entry) => entry.label)).toContain("Free re-work asked for");
    expect(
      await refusal(await ask(customer, customer.bookingId, { description: DESCRIPTION, start: seedStart("16:00") })),
    ).toMatchObject({ status: 409, code: "rework_asked" });

    // The photo: for the customer, the re-work's mate and operators; nobody else learns it exists.
    const mate = await signInAsMate(t, "mate-021");
    const operator = await signInAsOperator(t);
    for (const who of [customer, mate, operator]) {
      const photo = await who.request(photoUrl);
      expect(photo.status).toBe(200);
      expect(photo.headers.get("content-type")).toBe("image/png");
      expect(new Uint8Array(await photo.arrayBuffer())).toEqual(new Uint8Array(PNG));
    }
    for (const who of [await signUpCustomer(t), await signInAsMate(t, "mate-022")]) {
      expect((await who.request(photoUrl)).status).toBe(404);
    }
    expect((await t.request(photoUrl)).status).toBe(401);

    // The mate sees what was wrong; a re-work with nothing added closes at completion, nothing to collect.
    const mateJob = async () =>
      mateJobSchema.parse(((await (await mate.request(`/api/mate/jobs/${job?.id}`)).json()) as { job: unknown }).job);
    expect((await mateJob()).rework).toEqual({ description: DESCRIPTION, photos: [photoUrl] });
    const code = (await bookingOf(customer, rework.id)).startCode;
    clock.moveTo(setOffFrom(new Date(rework.start)));
    for (const [step, body] of [
      ["on-the-way", {}],
      ["arrive", {}],
      ["start", { code }],
      ["complete", {}],
    ] as const) {
      const moved = await mate.request(`/api/mate/jobs/${job?.id}/${step}`, {
        method: "POST",
        body: JSON.stringify(body),
      });
      expect(moved.status, step).toBe(200);
    }
    expect(await mateJob()).toMatchObject({ status: "paid", toCollectRupees: 0, collectedRupees: 0 });
    const done = await bookingOf(customer, rework.id);
    expect(done).toMatchObject({ status: "completed", billRupees: 0 });
    expect(done.rework.openUntil).toBeNull();
    expect(await t.database.db.select().from(invoices).where(eq(invoices.bookingId, rework.id))).toEqual([]);
    expect(
      await refusal(await ask(customer, rework.id, { description: DESCRIPTION, start: seedStart("17:00") })),
    ).toMatchObject({ status: 409, code: "rework_of_rework" });
  });

  it("is for the booking's customer, after the work, within 30 days, and checks the form and the photos", async () => {
    const customer = await doneBy021("10:00");
    const good = { description: DESCRIPTION, start: seedStart("15:00") };
    const stranger = await signUpCustomer(t);
    expect((await ask(stranger, customer.bookingId, good)).status).toBe(404);
    for (const other of [await signInAsMate(t, "mate-021"), await signInAsOperator(t)]) {
      expect((await ask(other, customer.bookingId, good)).status).toBe(403);
    }
    expect((await t.request(`/api/bookings/${customer.bookingId}/rework`, { method: "POST" })).status).toBe(401);

    const waiting = await seedCustomer(t, "11:00");
    await settledBooking(t, waiting);
    expect(await refusal(await ask(waiting, waiting.bookingId, good))).toMatchObject({
      status: 409,
      code: "not_completed",
    });

    const filesBefore = stored();
    const sixMb = new Uint8Array(6 * 1024 * 1024);
    sixMb.set(PNG);
    for (const [details, photos, status] of [
      [{ description: "Bad", start: good.start }, [], 400],
      [{ description: DESCRIPTION }, [], 400],
      [{ ...good, extra: true }, [], 400],
      ["not json", [], 400],
      // A time already past, with a photo: the photo stored first is deleted again.
      [
        { ...good, start: new Date(SEED_NOW.getTime() - 3_600_000).toISOString() },
        [{ name: "sink.png", bytes: PNG }],
        400,
      ],
      [good, Array.from({ length: 4 }, (_, index) => ({ name: `p${index}.png`, bytes: PNG })), 400],
      [good, [{ name: "bill.pdf", bytes: PDF }], 415],
      [good, [{ name: "big.png", bytes: sixMb }], 413],
      [
        good,
        [
          { name: "ok.jpg", bytes: JPEG },
          { name: "bill.pdf", bytes: PDF },
        ],
        415,
      ],
    ] as const) {
      const answer = await ask(customer, customer.bookingId, details, [...photos]);
      expect(answer.status, JSON.stringify(details)).toBe(status);
    }
    const json = await customer.request(`/api/bookings/${customer.bookingId}/rework`, {
      method: "POST",
      body: JSON.stringify(good),
    });
    expect(json.status).toBe(400);
    expect(
      await t.database.db.select().from(reworkRequests).where(eq(reworkRequests.bookingId, customer.bookingId)),
    ).toEqual([]);
    expect(stored()).toBe(filesBefore);

    clock.moveTo(new Date(SEED_NOW.getTime() + 31 * 86_400_000));
    const late = { description: DESCRIPTION, start: new Date(clock.now().getTime() + 2 * 86_400_000).toISOString() };
    expect(await refusal(await ask(customer, customer.bookingId, late))).toMatchObject({
      status: 409,
      code: "rework_closed",
    });
    const rows = await t.database.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, customer.id));
    expect(rows).toHaveLength(1);
  });
});
