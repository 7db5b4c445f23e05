import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Booking, bookingResponseSchema } from "#domain/booking.ts";
import {
  assignCandidatesSchema,
  opsBookingListSchema,
  opsBookingResponseSchema,
  opsCustomerListSchema,
} from "#domain/ops.ts";
import { signUpCustomer, type TestCustomer } from "#testing/customers.ts";
import { signInAsOperator } from "#testing/mates.ts";
import { auditOf, mateOfJob, operatorConsole } from "#testing/operator-console.ts";
import { errorOf, post } from "#testing/requests.ts";
import { SEED_NOW, type SeededCustomer, seedCustomer, settledBooking } from "#testing/seeded-customer.ts";
import { SseClient } from "#testing/sse-client.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";

/**
 * Issue 16: the operator console's bookings (finding, assigning by hand, cancelling), its live
 * queues and its limits.
 */
let t: TestApp;
let operator: TestCustomer;
beforeAll(async () => {
  ({ t, operator } = await operatorConsole());
});
afterAll(() => t.close());

const assigned = (customer: SeededCustomer): Promise<Booking> => settledBooking(t, customer);

describe("bookings", () => {
  it("finds bookings by id, e-mail, mobile, mate, status and date", async () => {
    const customer = await seedCustomer(t, "12:00");
    const booking = await assigned(customer);
    const mateId = (await mateOfJob(t, booking.id))?.mateId ?? "";
    const find = async (query: string) =>
      opsBookingListSchema
        .parse(await (await operator.request(`/api/ops/bookings?${query}`)).json())
        .results.map((r) => r.id);
    expect(await find(`q=${booking.id.slice(0, 8)}`)).toContain(booking.id);
    expect(await find(`q=${encodeURIComponent(customer.email.toUpperCase())}`)).toEqual([booking.id]);
    expect(await find(`mateId=${mateId}`)).toContain(booking.id);
    // A mobile number as people write it: the customer's, stored as 10 digits.
    expect(await find(`q=${encodeURIComponent("+91 98200-12345")}`)).toContain(booking.id);
    const byMobile = opsCustomerListSchema.parse(
      await (await operator.request(`/api/ops/customers?q=${encodeURIComponent("098200 12345")}`)).json(),
    );
    expect(byMobile.customers.map((c) => c.id)).toContain(customer.id);
    expect(await find(`status=assigned&date=${booking.start.slice(0, 10)}`)).toContain(booking.id);
    expect(await find("date=2027-01-01")).toEqual([]);
    expect((await operator.request("/api/ops/bookings?status=lost")).status).toBe(400);
    const detail = opsBookingResponseSchema.parse(
      await (await operator.request(`/api/ops/bookings/${booking.id}`)).json(),
    );
    expect(detail.customer.email).toBe(customer.email);
    expect(detail.booking.id).toBe(booking.id);
  });

  it("assigns by hand only a free mate with the skill, and the customer sees the new mate", async () => {
    const customer = await seedCustomer(t, "14:00");
    const booking = await assigned(customer);
    const job = await mateOfJob(t, booking.id);
    const { candidates } = assignCandidatesSchema.parse(
      await (await operator.request(`/api/ops/bookings/${booking.id}/jobs/${job?.id}/candidates`)).json(),
    );
    expect(candidates.length).toBeGreaterThan(0);
    expect(candidates.map((c) => c.id)).not.toContain(job?.mateId);
    const pest = await operator.request(
      `/api/ops/bookings/${booking.id}/jobs/${job?.id}/assign`,
      post({ mateId: "mate-009" }),
    );
    expect(await errorOf(pest)).toMatchObject({ code: "not_a_candidate" });
    const chosen = candidates.at(-1)?.id ?? "";
    const response = await operator.request(
      `/api/ops/bookings/${booking.id}/jobs/${job?.id}/assign`,
      post({ mateId: chosen }),
    );
    expect(response.status).toBe(200);
    expect((await mateOfJob(t, booking.id))?.mateId).toBe(chosen);
    const seen = bookingResponseSchema.parse(
      await (await customer.request(`/api/bookings/${booking.id}`)).json(),
    ).booking;
    expect(seen.status).toBe("assigned");
    const [entry] = await auditOf(t, booking.id);
    expect(entry).toMatchObject({
      action: "booking.assign",
      before: { mateId: job?.mateId },
      after: { mateId: chosen },
    });
  });

  it("cancels on the customer's behalf, free, with the reason in the audit log", async () => {
    const customer = await seedCustomer(t, "16:00");
    const booking = await assigned(customer);
    const response = await operator.request(
      `/api/ops/bookings/${booking.id}/cancel`,
      post({ reason: "Customer called the desk" }),
    );
    expect(response.status).toBe(200);
    const { booking: cancelled } = opsBookingResponseSchema.parse(await response.json());
    expect(cancelled).toMatchObject({ status: "cancelled", cancellationChargeRupees: 0 });
    expect(
      (await operator.request(`/api/ops/bookings/${booking.id}/cancel`, post({ reason: "Again please" }))).status,
    ).toBe(409);
    const [entry] = await auditOf(t, booking.id);
    expect(entry).toMatchObject({ action: "booking.cancel", reason: "Customer called the desk" });
    const short = await operator.request(`/api/ops/bookings/${booking.id}/cancel`, post({ reason: "no" }));
    expect((await errorOf(short)).message).toBe("reason: Give a reason of at least 5 characters.");
  });
});

describe("the live queues and the limits", () => {
  it("tells every operator's stream when a booking changes", async () => {
    const listening = new AbortController();
    const stream = new SseClient(await operator.request("/api/events", { signal: listening.signal }));
    try {
      const customer = await seedCustomer(t, "17:00");
      await assigned(customer);
      const event = await stream.next((e) => e.event === "ops" && e.data.includes(customer.bookingId));
      expect(JSON.parse(event.data)).toMatchObject({ bookingId: customer.bookingId });
    } finally {
      listening.abort();
    }
    // A customer's stream hears nothing of other people's bookings.
    const other = await signUpCustomer(t);
    const quiet = new AbortController();
    const theirs = new SseClient(await other.request("/api/events", { signal: quiet.signal }));
    try {
      await seedCustomer(t, "18:00");
      await expect(theirs.next((e) => e.event === "ops", 500)).rejects.toThrow(/no matching event/);
    } finally {
      quiet.abort();
    }
  });

  it("limits an operator's changes per minute like every signed-in person's", async () => {
    const limited = await createTestApp({ now: () => SEED_NOW, env: { WRITES_PER_USER_PER_MINUTE: "2" } });
    try {
      const desk = await signInAsOperator(limited);
      const statuses: number[] = [];
      for (const action of ["suspend", "reinstate", "suspend"]) {
        statuses.push(
          (await desk.request(`/api/ops/mates/mate-006/${action}`, post({ reason: "Limit check" }))).status,
        );
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
