import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Booking } from "#domain/booking.ts";
import { opsMateListSchema, opsMateResponseSchema } from "#domain/ops.ts";
import type { TestCustomer } from "#testing/customers.ts";
import { signInAsMate } from "#testing/mates.ts";
import { auditOf, mateOfJob, operatorConsole } from "#testing/operator-console.ts";
import { errorOf, post } from "#testing/requests.ts";
import { SEED_NOW, type SeededCustomer, seedCustomer, settledBooking } from "#testing/seeded-customer.ts";
import { SseClient } from "#testing/sse-client.ts";
import type { TestApp } from "#testing/test-app.ts";

/** Issue 16: the operator console's mates: finding, editing, suspending and reinstating them. */
let t: TestApp;
let operator: TestCustomer;
beforeAll(async () => {
  ({ t, operator } = await operatorConsole());
});
afterAll(() => t.close());

const assigned = (customer: SeededCustomer): Promise<Booking> => settledBooking(t, customer);

describe("mates", () => {
  it("finds mates by name, skill and locality, and shows one with hours and jobs", async () => {
    const byName = opsMateListSchema.parse(await (await operator.request("/api/ops/mates?q=sunita")).json());
    expect(byName.mates.map((m) => m.id)).toContain("mate-001");
    const bySkill = opsMateListSchema.parse(await (await operator.request("/api/ops/mates?q=pest-control")).json());
    expect(bySkill.mates.length).toBeGreaterThan(0);
    expect(bySkill.mates.every((m) => m.skills.includes("pest-control"))).toBe(true);
    const { mate } = opsMateResponseSchema.parse(await (await operator.request("/api/ops/mates/mate-001")).json());
    expect(mate).toMatchObject({ id: "mate-001", name: "Sunita Jadhav", suspendedAt: null });
    expect(mate.availability.weeklyHours).toHaveLength(7);
    expect((await operator.request("/api/ops/mates/mate-999")).status).toBe(404);
  });

  it("edits skills and hours, refusing unknown skills, and audits the change", async () => {
    const hours = Array.from({ length: 7 }, () => ({ from: 600, until: 1020 }));
    const response = await operator.request("/api/ops/mates/mate-002", {
      method: "PATCH",
      body: JSON.stringify({
        skills: ["deep-cleaning", "sofa-cleaning"],
        availability: { weeklyHours: hours, daysOff: [] },
      }),
    });
    expect(response.status).toBe(200);
    const { mate } = opsMateResponseSchema.parse(await response.json());
    expect(mate.skills).toEqual(["deep-cleaning", "sofa-cleaning"]);
    expect(mate.availability.weeklyHours[1]).toEqual({ from: 600, until: 1020 });
    const bad = await operator.request("/api/ops/mates/mate-002", {
      method: "PATCH",
      body: JSON.stringify({ skills: ["juggling"] }),
    });
    expect(await errorOf(bad)).toMatchObject({ code: "unknown_skill" });
    const [entry] = await auditOf(t, "mate-002");
    expect(entry).toMatchObject({ action: "mate.edit", actorId: operator.id });
    expect(entry?.before).toMatchObject({
      skills: ["deep-cleaning", "bathroom-cleaning", "kitchen-cleaning", "sofa-cleaning"],
    });
  });

  it("suspending a mate gives their booking to the next best free mate, live on the customer's stream", async () => {
    const customer = await seedCustomer(t, "10:00");
    const before = await assigned(customer);
    const first = await mateOfJob(t, before.id);
    expect(first?.mateId).toBeTruthy();
    const listening = new AbortController();
    const stream = new SseClient(await customer.request("/api/events", { signal: listening.signal }));
    try {
      const response = await operator.request(
        `/api/ops/mates/${first?.mateId}/suspend`,
        post({ reason: "Complaint under review" }),
      );
      expect(response.status).toBe(200);
      expect(opsMateResponseSchema.parse(await response.json()).mate.suspendedAt).toBe(SEED_NOW.toISOString());
      await t.queue.runDue();
      // The stream may first carry the original assignment's own news, published just after it
      // committed: the live proof is the event that names another mate.
      const event = await stream.next((e) => {
        if (e.event !== "booking") return false;
        const booking = JSON.parse(e.data) as Booking;
        const mate = booking.jobs[0]?.mate;
        return booking.status === "assigned" && mate !== undefined && mate.name !== before.jobs[0]?.mate?.name;
      });
      const live = JSON.parse(event.data) as Booking;
      const after = await mateOfJob(t, before.id);
      expect(after?.mateId).not.toBe(first?.mateId);
      expect(live.history.map((h) => h.label)).toContain("Mate replaced by the Mates team");
    } finally {
      listening.abort();
    }
    // Suspended: never a candidate, until reinstated.
    const again = await seedCustomer(t, "10:00");
    expect((await mateOfJob(t, (await assigned(again)).id))?.mateId).not.toBe(first?.mateId);
    expect(
      (await operator.request(`/api/ops/mates/${first?.mateId}/suspend`, post({ reason: "Twice over" }))).status,
    ).toBe(409);
    const back = await operator.request(`/api/ops/mates/${first?.mateId}/reinstate`, post({ reason: "Review closed" }));
    expect(opsMateResponseSchema.parse(await back.json()).mate.suspendedAt).toBeNull();
    expect((await auditOf(t, first?.mateId ?? "")).map((e) => e.action)).toEqual(
      expect.arrayContaining(["mate.suspend", "mate.reinstate"]),
    );
  });

  it("tells a suspended mate so in their app", async () => {
    const mate = await signInAsMate(t, "mate-005");
    await operator.request("/api/ops/mates/mate-005/suspend", post({ reason: "Documents expired" }));
    try {
      const me = (await (await mate.request("/api/mate/me")).json()) as { mate: { suspendedAt: string | null } };
      expect(me.mate.suspendedAt).toBe(SEED_NOW.toISOString());
    } finally {
      await operator.request("/api/ops/mates/mate-005/reinstate", post({ reason: "Documents renewed" }));
    }
  });
});
