import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingResponseSchema } from "#domain/booking.ts";
import { caseResponseSchema, deskCaseSchema, type HelpCase, mateCasesSchema } from "#domain/help-api.ts";
import { bookingHistory, jobs } from "#server/bookings/schema.ts";
import { balanceOf } from "#server/credit/ledger.ts";
import { creditGrants } from "#server/credit/schema.ts";
import { mates } from "#server/mates/schema.ts";
import { notifications } from "#server/notifications/schema.ts";
import { auditLog } from "#server/ops/schema.ts";
import type { TestCustomer } from "#testing/customers.ts";
import { signInAsMate, signInAsOperator } from "#testing/mates.ts";
import { errorOf, post } from "#testing/requests.ts";
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
import { helpCaseEntries, mateWarnings } from "./schema.ts";

/**
 * Issue 38's desk on bookings paid to the mate and on the job behind a case (record 060): a refund
 * paid as credit, credit within its limit, free re-work, another mate, warnings and suspension, and
 * the mate's view of a case they are asked about.
 */
const clock = handMovedClock(SEED_NOW);
let t: TestApp;
let desk: TestCustomer;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now, authLimits: MANY_SIGN_UPS });
  desk = await signInAsOperator(t);
});
afterAll(() => t.close());

async function open(customer: SeededCustomer, details: Record<string, unknown>): Promise<HelpCase> {
  const body = new FormData();
  body.set("details", JSON.stringify(details));
  const answer = await customer.request(`/api/bookings/${customer.bookingId}/cases`, { method: "POST", body });
  expect(answer.status, await answer.clone().text()).toBe(201);
  return caseResponseSchema.parse(await answer.json()).case;
}
const act = (id: string, action: string, body: Record<string, unknown>) =>
  desk.request(`/api/ops/cases/${id}/${action}`, post(body));
const QUALITY = { problem: "quality", description: "The drain is blocked again." };

/** The notices of one kind a mate was sent. */
async function mateNotices(mateId: string, kind: string) {
  const [mate] = await t.database.db.select().from(mates).where(eq(mates.id, mateId));
  return t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, mate?.userId ?? ""), eq(notifications.kind, kind)));
}

/** A booking done and paid to its mate in cash. */
async function paidInCash(slot: string) {
  const customer = await seedCustomer(t, slot);
  const done = await completedBooking(t, customer, clock.moveTo);
  const collected = await done.mate.request(`/api/mate/jobs/${done.jobId}/collect`, post({ method: "cash" }));
  expect(collected.status).toBe(200);
  return { customer, ...done };
}

describe("the desk on a booking paid to the mate", () => {
  it("pays a refund as Mates credit, never above what was paid, and holds goodwill credit to its limit", async () => {
    const { customer } = await paidInCash("09:00");
    const quality = await open(customer, QUALITY);
    const seen = deskCaseSchema.parse(await (await desk.request(`/api/ops/cases/${quality.id}`)).json());
    expect(seen.money).toMatchObject({ paidOnline: false, refundableCash: 449, caseCreditMaxRupees: 2_000 });

    const over = await act(quality.id, "decide", { decision: "refund", rupees: 450, message: "All back." });
    expect(over.status).toBe(400);
    expect((await errorOf(over)).message).toContain("₹449 paid to the mate");
    const refunded = await act(quality.id, "decide", { decision: "refund", rupees: 200, message: "Part back." });
    expect(refunded.status).toBe(200);
    const shown = caseResponseSchema.parse(await (await customer.request(`/api/cases/${quality.id}`)).json()).case;
    expect(shown.decision).toMatchObject({ decision: "credit", rupees: 200, refundStatus: null });
    expect(await balanceOf(t.database.db, customer.id, clock.now())).toBe(200);
    const [grant] = await t.database.db.select().from(creditGrants).where(eq(creditGrants.caseId, quality.id));
    expect(grant).toMatchObject({ bookingId: customer.bookingId, actor: "operator", rupees: 200 });

    // What was given back counts: 249 is left of the 449 paid.
    await customer.request(`/api/cases/${quality.id}/rating`, post({ solved: false }));
    expect((await act(quality.id, "decide", { decision: "refund", rupees: 250, message: "More." })).status).toBe(400);

    const late = await open(customer, { problem: "late" });
    const tooMuch = await act(late.id, "decide", { decision: "credit", rupees: 2_001, message: "Sorry." });
    expect(tooMuch.status).toBe(400);
    expect((await errorOf(tooMuch)).message).toContain("at most ₹2,000 of credit");
    expect((await act(late.id, "decide", { decision: "credit", rupees: 0, message: "Sorry." })).status).toBe(400);
    expect((await act(late.id, "decide", { decision: "credit", rupees: 150, message: "Sorry." })).status).toBe(200);
    expect(await balanceOf(t.database.db, customer.id, clock.now())).toBe(350);
  });

  it("offers free re-work from a quality case, and only from one", async () => {
    const { customer } = await paidInCash("10:00");
    const late = await open(customer, { problem: "late" });
    const start = seedStart("15:00").replace("2026-11-24", "2026-11-26");
    const notQuality = await act(late.id, "decide", { decision: "rework", start, message: "A mate comes again." });
    expect(notQuality.status).toBe(409);
    const quality = await open(customer, QUALITY);
    const offered = await act(quality.id, "decide", { decision: "rework", start, message: "A mate comes again." });
    expect(offered.status, await offered.clone().text()).toBe(200);
    const shown = caseResponseSchema.parse(await (await customer.request(`/api/cases/${quality.id}`)).json()).case;
    expect(shown.decision).toMatchObject({ decision: "rework", reworkBookingId: expect.any(String) });
    const rework = await customer.request(`/api/bookings/${shown.decision?.reworkBookingId}`);
    const { booking } = bookingResponseSchema.parse(await rework.json());
    expect(booking).toMatchObject({ totalRupees: 0, start });
  });
});

describe("the desk and the job's mate", () => {
  it("gives the job to another mate, who is not the one it was taken from", async () => {
    const customer = await seedCustomer(t, "11:00");
    const booking = await settledBooking(t, customer);
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.bookingId, booking.id));
    const former = job?.mateId ?? "";
    const other = await open(customer, { problem: "other", description: "The mate was rude on the phone." });
    const answer = await act(other.id, "reassign", { mateId: former, message: "Another mate will come." });
    expect(answer.status, await answer.clone().text()).toBe(200);
    await t.queue.runDue();
    const [now] = await t.database.db.select().from(jobs).where(eq(jobs.bookingId, booking.id));
    expect(now?.mateId).not.toBe(former);
    const history = await t.database.db.select().from(bookingHistory).where(eq(bookingHistory.bookingId, booking.id));
    expect(history.map((entry) => entry.action)).toContain("withdraw");
    const shown = caseResponseSchema.parse(await (await customer.request(`/api/cases/${other.id}`)).json()).case;
    expect(shown.entries.at(-1)).toMatchObject({ kind: "message", body: "Another mate will come." });
    const unknown = await act(other.id, "reassign", { mateId: former, message: "Again." });
    expect(unknown.status).toBe(404);
  });

  it("warns and suspends the mate, shows their record, and tells them", async () => {
    const { customer, mateId } = await paidInCash("12:00");
    const other = await open(customer, { problem: "other", description: "The mate left a mess behind." });
    // A no-show recorded by the rescue (issue 38) counts on the mate's record.
    await t.database.db.insert(bookingHistory).values({
      id: randomUUID(),
      bookingId: customer.bookingId,
      actor: "customer",
      action: "no_show",
      details: { mateId },
      at: clock.now(),
    });
    const warning = { mateId, reason: "Leave the place clean.", message: "We have spoken to the mate." };
    expect((await act(other.id, "warn", { ...warning, reason: "" })).status).toBe(400);
    expect((await act(other.id, "warn", { ...warning, mateId: "mate-nobody" })).status).toBe(404);
    const warned = deskCaseSchema.parse(await (await act(other.id, "warn", warning)).json());
    expect(warned.mates[0]).toMatchObject({ noShows: 1, warnings: [{ reason: "Leave the place clean." }] });
    expect(await t.database.db.select().from(mateWarnings).where(eq(mateWarnings.mateId, mateId))).toHaveLength(1);
    await t.queue.runDue();
    expect((await mateNotices(mateId, "mate_warned")).length).toBeGreaterThan(0);

    const suspended = deskCaseSchema.parse(await (await act(other.id, "suspend", warning)).json());
    expect(suspended.mates[0]?.status).toBe("suspended");
    expect((await act(other.id, "suspend", warning)).status).toBe(409);
    const actions = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, other.id));
    expect(actions.map((entry) => entry.action)).toEqual(expect.arrayContaining(["case.warn", "case.suspend"]));
    await t.database.db.update(mates).set({ suspendedAt: null }).where(eq(mates.id, mateId));
  });

  it("shows the mate only what was shared with them, and lets them answer when asked", async () => {
    const { customer, mateId, jobId, mate } = await paidInCash("13:00");
    const quality = await open(customer, QUALITY);
    const safety = await open(customer, { problem: "safety", description: "He shouted at me." });
    const path = `/api/mate/jobs/${jobId}/cases`;
    const casesOf = async (who: TestCustomer) => mateCasesSchema.parse(await (await who.request(path)).json()).cases;
    expect(await casesOf(mate)).toEqual([]);

    expect((await act(safety.id, "ask-mate", { message: "What happened?" })).status).toBe(409);
    const asked = await act(quality.id, "ask-mate", { message: "Did the drain clear when you left?" });
    expect(asked.status).toBe(200);
    const [shown] = await casesOf(mate);
    expect(shown).toMatchObject({ id: quality.id, canAnswer: true, status: "open" });
    expect(shown?.entries.map((entry) => [entry.authorName, entry.body])).toEqual([
      ["Mates support", "Did the drain clear when you left?"],
    ]);
    expect(JSON.stringify(await casesOf(mate))).not.toContain(customer.marker);
    expect(JSON.stringify(await casesOf(mate))).not.toContain(customer.email);
    await t.queue.runDue();
    expect((await mateNotices(mateId, "case_mate_asked")).length).toBeGreaterThan(0);

    const answered = await mate.request(`${path}/${quality.id}/messages`, post({ body: "It ran clear at 12." }));
    expect(answered.status).toBe(200);
    expect((await mate.request(`${path}/${safety.id}/messages`, post({ body: "Sorry." }))).status).toBe(404);
    const customerView = caseResponseSchema.parse(await (await customer.request(`/api/cases/${quality.id}`)).json());
    expect(customerView.case.entries.map((entry) => entry.author)).toEqual(["customer"]);
    const deskView = deskCaseSchema.parse(await (await desk.request(`/api/ops/cases/${quality.id}`)).json());
    expect(deskView.entries.map((entry) => [entry.author, entry.sharedWithMate])).toEqual([
      ["customer", false],
      ["operator", true],
      ["mate", true],
    ]);
    expect(deskView.case.firstAnsweredAt).toBeNull();

    // Another mate is told there is no such job.
    const stranger = await signInAsMate(t, mateId === "mate-004" ? "mate-005" : "mate-004");
    expect((await stranger.request(path)).status).toBe(404);
    expect((await stranger.request(`${path}/${quality.id}/messages`, post({ body: "Me too." }))).status).toBe(404);
    const written = await t.database.db.select().from(helpCaseEntries).where(eq(helpCaseEntries.caseId, quality.id));
    expect(written).toHaveLength(3);
  });
});
