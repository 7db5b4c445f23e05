import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caseResponseSchema, deskCaseSchema, deskQueueSchema, type HelpCase } from "#domain/help-api.ts";
import { notifications } from "#server/notifications/schema.ts";
import { auditLog } from "#server/ops/schema.ts";
import { signUpCustomer, type TestCustomer } from "#testing/customers.ts";
import { JPEG, PDF, PNG } from "#testing/files.ts";
import { signInAsMate, signInAsOperator } from "#testing/mates.ts";
import { errorOf, post } from "#testing/requests.ts";
import {
  completedBooking,
  MANY_SIGN_UPS,
  SEED_NOW,
  type SeededCustomer,
  seedCustomer,
} from "#testing/seeded-customer.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { handMovedClock } from "#testing/test-clock.ts";

/** Issue 38's API proofs of help: whose case, one per problem, the state machine, the desk, notices, bad input. */
const clock = handMovedClock(SEED_NOW);
let t: TestApp;
let desk: TestCustomer;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now, authLimits: MANY_SIGN_UPS });
  desk = await signInAsOperator(t);
});
afterAll(() => t.close());

type Photo = { name: string; bytes: Uint8Array };
function form(details: unknown, photos: Photo[] = []) {
  const body = new FormData();
  body.set("details", JSON.stringify(details));
  for (const photo of photos) body.append("photos", new Blob([photo.bytes as Uint8Array<ArrayBuffer>]), photo.name);
  return { method: "POST", body };
}
const openCase = (who: TestCustomer, bookingId: string, details: unknown, photos: Photo[] = []) =>
  who.request(`/api/bookings/${bookingId}/cases`, form(details, photos));
const caseOf = async (response: Response): Promise<HelpCase> => {
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return caseResponseSchema.parse(await response.json()).case;
};
const deskStep = (id: string, step: string, message: string) =>
  desk.request(`/api/ops/cases/${id}/${step}`, post({ message }));
const stored = () => {
  const dir = join(t.config.dataDir, "uploads");
  return existsSync(dir) ? readdirSync(dir).length : 0;
};
const QUALITY = { problem: "quality", description: "The tap still drips after the repair." };

async function completed(slot: string): Promise<SeededCustomer> {
  const customer = await seedCustomer(t, slot);
  await completedBooking(t, customer, clock.moveTo);
  return customer;
}

describe("help on a booking", () => {
  it("opens one case per booking and problem, the customer's alone", async () => {
    const customer = await completed("09:00");
    const opened = await openCase(customer, customer.bookingId, QUALITY, [{ name: "tap.png", bytes: PNG }]);
    expect(opened.status).toBe(201);
    const first = await caseOf(opened);
    expect(first).toMatchObject({ status: "open", statusText: "Open", problem: "quality", canReply: true });
    expect(first.entries).toHaveLength(1);
    expect(first.entries[0]).toMatchObject({ kind: "opened", author: "customer", body: QUALITY.description });
    expect(first.nextStep).toContain("An operator will write to you here by");

    // A second tap shows the same case; what was written this time goes into it.
    const again = await openCase(customer, customer.bookingId, { ...QUALITY, description: "And the pipe leaks too." });
    expect(again.status).toBe(200);
    const shown = await caseOf(again);
    expect(shown.id).toBe(first.id);
    expect(shown.entries.map((entry) => entry.body)).toEqual([QUALITY.description, "And the pipe leaks too."]);

    const photo = first.entries[0]?.photos[0] ?? "";
    expect((await customer.request(photo)).headers.get("content-type")).toBe("image/png");
    expect((await desk.request(photo)).status).toBe(200);

    const other = await signUpCustomer(t, "Other Customer");
    const mate = await signInAsMate(t, "mate-004");
    expect((await other.request(`/api/cases/${first.id}`)).status).toBe(404);
    expect((await other.request(photo)).status).toBe(404);
    expect((await mate.request(photo)).status).toBe(404);
    expect((await t.request(`/api/cases/${first.id}`)).status).toBe(401);
    expect((await other.request(`/api/cases/${first.id}/messages`, form({ body: "mine now" }))).status).toBe(404);
    expect((await openCase(other, customer.bookingId, QUALITY)).status).toBe(404);
    expect((await mate.request(`/api/cases/${first.id}`)).status).toBe(403);
    const mine = await (await other.request("/api/cases")).json();
    expect(mine.cases).toEqual([]);

    const booking = await (await customer.request(`/api/bookings/${customer.bookingId}`)).json();
    expect(booking.booking.help.cases.map((one: { id: string }) => one.id)).toEqual([first.id]);
    expect(booking.booking.help.problems).toContain("damage");
  });

  it("goes through the desk: answer, a question, the reply, a resolution not solved, then solved", async () => {
    const customer = await completed("10:00");
    const opened = await caseOf(await openCase(customer, customer.bookingId, QUALITY));
    const queue = deskQueueSchema.parse(await (await desk.request("/api/ops/cases")).json());
    expect(queue.cases.find((one) => one.id === opened.id)).toMatchObject({
      status: "open",
      customerName: expect.stringContaining("Seeded"),
      clock: { answerLate: false, resolutionLate: false },
    });

    const answered = deskCaseSchema.parse(await (await deskStep(opened.id, "answer", "We are on it.")).json());
    expect(answered.case.firstAnsweredAt).toBe(clock.now().toISOString());
    expect(answered.mates).toHaveLength(1);
    await deskStep(opened.id, "ask", "Which tap is it, kitchen or bathroom?");
    expect((await caseOf(await customer.request(`/api/cases/${opened.id}`))).statusText).toBe("Waiting for you");
    const replied = await caseOf(
      await customer.request(
        `/api/cases/${opened.id}/messages`,
        form({ body: "The kitchen one." }, [{ name: "k.jpg", bytes: JPEG }]),
      ),
    );
    expect(replied.status).toBe("open");
    await deskStep(opened.id, "resolve", "A mate comes tomorrow at 10 to redo it, free.");
    const resolved = await caseOf(await customer.request(`/api/cases/${opened.id}`));
    expect(resolved).toMatchObject({ status: "resolved", canRate: true, canReply: false });
    expect((await customer.request(`/api/cases/${opened.id}/messages`, form({ body: "one more" }))).status).toBe(409);

    const reopened = await caseOf(await customer.request(`/api/cases/${opened.id}/rating`, post({ solved: false })));
    expect(reopened).toMatchObject({ status: "open", rating: "not_solved" });
    await deskStep(opened.id, "resolve", "Refunded the repair in full.");
    const closed = await caseOf(await customer.request(`/api/cases/${opened.id}/rating`, post({ solved: true })));
    expect(closed).toMatchObject({ status: "closed", rating: "solved", canRate: false });
    expect(closed.entries.map((entry) => `${entry.author}:${entry.kind}`)).toEqual([
      "customer:opened",
      "operator:message",
      "operator:asked",
      "customer:message",
      "operator:resolved",
      "customer:not_solved",
      "operator:resolved",
      "customer:solved",
    ]);
    expect(closed.entries.filter((entry) => entry.author === "operator").map((e) => e.authorName)).toEqual(
      Array(4).fill("Mates support"),
    );

    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, opened.id));
    expect(audited.map((entry) => entry.action)).toEqual(["case.answer", "case.ask", "case.resolve", "case.resolve"]);

    // Each step the customer is told of reaches them once, by mail (no devices here).
    await t.queue.runDue();
    await t.queue.runDue();
    const told = await t.database.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(and(eq(notifications.userId, customer.id), like(notifications.kind, "case_%")));
    expect(told.map((one) => one.kind).sort()).toEqual(
      ["case_answered", "case_opened", "case_resolved", "case_resolved", "case_waiting"].sort(),
    );
  });

  it("lets only one of two operators resolve a case at once", async () => {
    const customer = await completed("11:00");
    const opened = await caseOf(await openCase(customer, customer.bookingId, QUALITY));
    const other = await signInAsOperator(t);
    const answers = await Promise.all([
      deskStep(opened.id, "resolve", "Refund on its way."),
      other.request(`/api/ops/cases/${opened.id}/resolve`, post({ message: "Re-work booked." })),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(refused && (await errorOf(refused)).code).toBe("case_status");
  });

  it("puts a safety case at the top of the queue, and marks a case late and mails the operators", async () => {
    const customer = await completed("12:00");
    const quality = await caseOf(await openCase(customer, customer.bookingId, QUALITY));
    const safety = await caseOf(await openCase(customer, customer.bookingId, { problem: "safety" }));
    expect(safety.safety).toBe(true);
    expect(safety.nextStep).toContain("call 112");
    const queue = deskQueueSchema.parse(await (await desk.request("/api/ops/cases")).json());
    expect(queue.cases[0]?.safety).toBe(true);
    expect(queue.cases.findIndex((one) => one.id === safety.id)).toBeLessThan(
      queue.cases.findIndex((one) => one.id === quality.id),
    );

    clock.moveTo(new Date(new Date(quality.firstAnswerDue).getTime() + 60_000));
    await t.queue.runDue();
    const late = deskQueueSchema.parse(await (await desk.request("/api/ops/cases")).json());
    expect(late.cases.find((one) => one.id === quality.id)?.clock.answerLate).toBe(true);
    const mailed = await t.database.db
      .select({ key: notifications.eventKey })
      .from(notifications)
      .where(like(notifications.eventKey, `case-late:answer:${quality.id}:%`));
    expect(mailed.length).toBeGreaterThanOrEqual(1);
    // The safety case was mailed to the operators the moment it opened, once.
    const alerted = await t.database.db
      .select({ key: notifications.eventKey })
      .from(notifications)
      .where(like(notifications.eventKey, `case-safety:${safety.id}:%`));
    expect(alerted.length).toBeGreaterThanOrEqual(1);
    expect(new Set(alerted.map((one) => one.key)).size).toBe(alerted.length);
    const safetyLate = await t.database.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(like(notifications.eventKey, `case-late:answer:${safety.id}:%`));
    expect(new Set(safetyLate.map((one) => one.kind))).toEqual(new Set(["case_late"]));
  });

  it("starts the resolution's clock again when the customer says it is not solved, and tells them of a close", async () => {
    const customer = await completed("14:00");
    const opened = await caseOf(await openCase(customer, customer.bookingId, QUALITY));
    await deskStep(opened.id, "resolve", "Refunded.");
    clock.moveTo(new Date(new Date(opened.resolutionDue).getTime() + 3_600_000));
    const reopened = await caseOf(await customer.request(`/api/cases/${opened.id}/rating`, post({ solved: false })));
    expect(reopened.resolutionDue).toBe(new Date(clock.now().getTime() + 48 * 3_600_000).toISOString());
    await t.queue.runDue();
    const queue = deskQueueSchema.parse(await (await desk.request("/api/ops/cases")).json());
    expect(queue.cases.find((one) => one.id === opened.id)?.clock.resolutionLate).toBe(false);

    await deskStep(opened.id, "close", "Closed after a call with you.");
    await t.queue.runDue();
    await t.queue.runDue();
    const told = await t.database.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(and(eq(notifications.userId, customer.id), eq(notifications.kind, "case_closed")));
    expect(told).toHaveLength(1);
  });

  it("answers nobody but the case's customer on its routes: visitors 401, mates and operators 403, others 404", async () => {
    const customer = await completed("15:00");
    const opened = await caseOf(await openCase(customer, customer.bookingId, QUALITY, [{ name: "t.png", bytes: PNG }]));
    const photo = opened.entries[0]?.photos[0] ?? "";
    const routes: [string, string, () => RequestInit][] = [
      ["POST", `/api/bookings/${customer.bookingId}/cases`, () => form(QUALITY)],
      ["GET", "/api/cases", () => ({})],
      ["GET", `/api/cases/${opened.id}`, () => ({})],
      ["POST", `/api/cases/${opened.id}/messages`, () => form({ body: "Mine now." })],
      ["POST", `/api/cases/${opened.id}/rating`, () => post({ solved: true })],
      ["GET", photo, () => ({})],
    ];
    const other = await signUpCustomer(t, "Another Customer");
    const mate = await signInAsMate(t, "mate-004");
    const seen: string[] = [];
    for (const [method, path, init] of routes) {
      const as = async (who: TestCustomer | undefined) =>
        (await (who ? who.request(path, { method, ...init() }) : t.request(path, { method, ...init() }))).status;
      const isPhoto = path === photo;
      seen.push(
        `${method} ${path}: visitor ${await as(undefined)}, mate ${await as(mate)}, operator ${await as(desk)}, other ${await as(other)}`,
      );
      const expected = `${method} ${path}: visitor 401, mate ${isPhoto ? 404 : 403}, operator ${isPhoto ? 200 : 403}, other ${path === "/api/cases" ? 200 : 404}`;
      expect(seen.at(-1)).toBe(expected);
    }
    // Nothing any of them sent reached the case.
    expect((await caseOf(await customer.request(`/api/cases/${opened.id}`))).entries).toHaveLength(1);
  });

  it("refuses bad input with a message and stores nothing", async () => {
    const customer = await completed("13:00");
    const before = stored();
    const refusals = [
      await openCase(customer, customer.bookingId, { problem: "quality", description: "" }),
      await openCase(customer, customer.bookingId, QUALITY, [
        { name: "big.jpg", bytes: new Uint8Array(6 * 1024 * 1024) },
      ]),
      await openCase(customer, customer.bookingId, QUALITY, [{ name: "bill.jpg", bytes: PDF }]),
      await openCase(
        customer,
        customer.bookingId,
        { problem: "damage", description: "The mirror cracked.", amountRupees: 10_001 },
        [{ name: "m.png", bytes: PNG }],
      ),
      await openCase(customer, customer.bookingId, {
        problem: "damage",
        description: "The mirror cracked.",
        amountRupees: 900,
      }),
      await openCase(customer, customer.bookingId, { problem: "no_show" }),
      await openCase(customer, customer.bookingId, {
        problem: "charge",
        description: "Charged twice for it.",
        amountRupees: 99_999,
      }),
    ];
    const answers = await Promise.all(
      refusals.map(async (answer) => ({ status: answer.status, ...(await errorOf(answer)) })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([400, 413, 415, 400, 400, 409, 400]);
    expect(answers.every((answer) => answer.message.length > 0)).toBe(true);
    expect(stored()).toBe(before);
    expect((await (await customer.request("/api/cases")).json()).cases).toEqual([]);
  });
});
