import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slotsResponseSchema } from "#domain/slots.ts";
import { mateBusy, mates } from "#server/mates/schema.ts";
import { at, fillCart } from "#testing/booking-requests.ts";
import { signUpCustomer } from "#testing/customers.ts";
import { errorOf } from "#testing/requests.ts";
import { MANY_SIGN_UPS, SEED_NOW as NOW, SEED_DAY as TOMORROW } from "#testing/seeded-customer.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";

/** The times a cart can be booked at, and why a time cannot. */
let t: TestApp;
beforeAll(async () => {
  // Many customers sign up from one address here: lift the per-address sign-up limit.
  t = await createTestApp({ now: () => NOW, authLimits: MANY_SIGN_UPS });
});
afterAll(() => t.close());

describe("slots", () => {
  it("come from the cart's services, 30 minutes apart, from 2 hours ahead, for the next 7 days", async () => {
    const customer = await signUpCustomer(t);
    expect((await errorOf(await customer.request(`/api/slots?date=${TOMORROW}`))).code).toBe("empty_cart");
    await fillCart(customer, "plumber", "drain-blockage", 2);
    const today = slotsResponseSchema.parse(await (await customer.request("/api/slots?date=2026-11-23")).json());
    expect(today.days).toHaveLength(7);
    expect(today.durationMinutes).toBe(120);
    expect(today.slots[0]?.label).toBe("10:00 AM");
    expect(today.slots.at(-1)?.label).toBe("7:00 PM");
    expect(today.slots.every((slot) => slot.available)).toBe(true);
    const late = await customer.request("/api/slots?date=2026-12-01");
    expect(late.status).toBe(400);
    // The message is read by a person: the day as India writes it, not as the query does.
    expect((await errorOf(late)).message).toBe("Bookings open for the next 7 days, from 23 Nov 2026.");
    expect((await customer.request("/api/slots?date=tomorrow")).status).toBe(400);
  });

  it("say why a start cannot be had: no mate with the skill on duty then, or all of them booked", async () => {
    const customer = await signUpCustomer(t);
    await fillCart(customer, "pest-control", "cockroach-ant-2-bhk");
    const before = slotsResponseSchema.parse(await (await customer.request(`/api/slots?date=${TOMORROW}`)).json());
    // Pest control mates work 8:00 AM to 8:00 PM.
    expect(before.slots[0]).toMatchObject({ label: "6:00 AM", available: false, unavailable: "off_duty" });
    expect(before.slots.find((slot) => slot.label === "9:00 AM")).toMatchObject({ available: true, unavailable: null });
    // Every pest-control mate busy at 9:00 AM tomorrow.
    const pestMates = await t.database.db.select().from(mates).where(sql`'pest-control' = any(${mates.skills})`);
    const cell = Math.floor(Date.parse(at(TOMORROW, "09:00")) / 1_800_000);
    await t.database.db
      .insert(mateBusy)
      .values(
        pestMates.flatMap((mate) =>
          [cell, cell + 1, cell + 2].map((c) => ({ mateId: mate.id, cell: c, bookingId: "other" })),
        ),
      );
    try {
      const after = slotsResponseSchema.parse(await (await customer.request(`/api/slots?date=${TOMORROW}`)).json());
      expect(after.slots.find((slot) => slot.label === "9:00 AM")).toMatchObject({
        available: false,
        unavailable: "booked",
      });
      expect(after.slots.find((slot) => slot.label === "10:30 AM")?.available).toBe(true);
      expect(after.slots[0]?.unavailable).toBe("off_duty");
    } finally {
      await t.database.db.delete(mateBusy).where(eq(mateBusy.bookingId, "other"));
    }
  });
});
