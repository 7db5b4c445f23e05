import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "#domain/api-error.ts";
import { bookingResponseSchema } from "#domain/booking.ts";
import { PHONE_HIDDEN, threadSchema } from "#domain/chat.ts";
import { jobs } from "#server/bookings/schema.ts";
import { auditLog } from "#server/ops/schema.ts";
import { signUpCustomer } from "#testing/customers.ts";
import { signInAsMate, signInAsOperator } from "#testing/mates.ts";
import { post } from "#testing/requests.ts";
import {
  completedBooking,
  MANY_SIGN_UPS,
  SEED_NOW,
  type SeededCustomer,
  seedCustomer,
  settledBooking,
} from "#testing/seeded-customer.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { handMovedClock } from "#testing/test-clock.ts";

/** Issue 18's API proofs of the chat: whose thread it is, masking, read marks, the window, limits. */
const clock = handMovedClock(SEED_NOW);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now, authLimits: MANY_SIGN_UPS });
});
afterAll(() => t.close());

const later = (minutes: number) => clock.moveTo(new Date(clock.now().getTime() + minutes * 60_000));
const threadOf = async (response: Response) => {
  expect(response.status, await response.clone().text()).toBe(200);
  return threadSchema.parse(((await response.json()) as { thread: unknown }).thread);
};

async function chatting(slot: string) {
  const customer: SeededCustomer = await seedCustomer(t, slot);
  await settledBooking(t, customer);
  const [job] = await t.database.db.select().from(jobs).where(eq(jobs.bookingId, customer.bookingId));
  if (!job?.mateId) throw new Error("no mate was assigned");
  const mate = await signInAsMate(t, job.mateId);
  return {
    customer,
    job,
    mate,
    customerSays: (body: string) => customer.request(`/api/bookings/${customer.bookingId}/messages`, post({ body })),
    mateSays: (body: string) => mate.request(`/api/mate/jobs/${job.id}/messages`, post({ body })),
    customerReads: () => customer.request(`/api/bookings/${customer.bookingId}/messages`),
    mateReads: () => mate.request(`/api/mate/jobs/${job.id}/messages`),
  };
}

describe("the chat of a booking", () => {
  it("carries messages both ways, hides numbers from the other side, and marks them read", async () => {
    const chat = await chatting("09:00");
    const sent = await threadOf(await chat.customerSays("Please call me on 98200 12345 when you reach"));
    expect(sent.messages).toEqual([
      expect.objectContaining({
        from: "customer",
        mine: true,
        body: "Please call me on 98200 12345 when you reach",
        read: false,
      }),
    ]);
    const mateView = await threadOf(await chat.mateReads());
    expect(mateView.messages[0]).toMatchObject({
      mine: false,
      body: `Please call me on ${PHONE_HIDDEN} when you reach`,
    });
    expect(mateView.with).toMatch(/^Seeded$/);

    await threadOf(await chat.mateSays("Reaching by 9, mail me at raj@example.com"));
    const booking = async () =>
      bookingResponseSchema.parse(
        await (await chat.customer.request(`/api/bookings/${chat.customer.bookingId}`)).json(),
      ).booking;
    expect((await booking()).unreadMessages).toBe(1);
    const customerView = await threadOf(await chat.customerReads());
    expect(customerView.messages[1]).toMatchObject({ from: "mate", body: "Reaching by 9, mail me at [e-mail hidden]" });

    await threadOf(await chat.customer.request(`/api/bookings/${chat.customer.bookingId}/messages/read`, post()));
    expect((await booking()).unreadMessages).toBe(0);
    const marked = await threadOf(await chat.mateReads());
    expect(marked.messages[1]).toMatchObject({ mine: true, read: true });
    // The mate has not opened the thread's read mark yet: the customer's message shows unread.
    expect((await threadOf(await chat.customerReads())).messages[0]).toMatchObject({ mine: true, read: false });
  });

  it("is nobody else's: another customer or mate gets a 404, other roles a 401 or 403", async () => {
    const chat = await chatting("10:00");
    const stranger = await signUpCustomer(t);
    expect((await stranger.request(`/api/bookings/${chat.customer.bookingId}/messages`)).status).toBe(404);
    expect(
      (await stranger.request(`/api/bookings/${chat.customer.bookingId}/messages`, post({ body: "hi" }))).status,
    ).toBe(404);
    const [other] = (await t.database.db.select().from(jobs)).filter(
      (job) => job.mateId && job.mateId !== chat.job.mateId,
    );
    const otherMate = await signInAsMate(t, other?.mateId ?? "mate-001");
    expect((await otherMate.request(`/api/mate/jobs/${chat.job.id}/messages`)).status).toBe(404);
    expect((await chat.mate.request(`/api/bookings/${chat.customer.bookingId}/messages`)).status).toBe(403);
    expect((await t.request(`/api/bookings/${chat.customer.bookingId}/messages`)).status).toBe(401);
    const operator = await signInAsOperator(t);
    expect((await operator.request(`/api/bookings/${chat.customer.bookingId}/messages`)).status).toBe(403);
  });

  it("refuses an empty or overlong message and more than 20 a minute", async () => {
    const chat = await chatting("11:00");
    expect((await chat.customerSays("   ")).status).toBe(400);
    expect((await chat.customerSays("x".repeat(1001))).status).toBe(400);
    for (let i = 0; i < 20; i++) expect((await chat.customerSays(`message ${i}`)).status).toBe(200);
    const over = await chat.customerSays("one too many");
    expect(over.status).toBe(429);
    expect(apiErrorSchema.parse(await over.json()).error.code).toBe("too_many_messages");
  });

  it("shows a new mate the thread from their assignment on, and an operator all of it, audited", async () => {
    const chat = await chatting("12:00");
    await threadOf(await chat.customerSays("The gate code is 4521"));
    later(1);
    const operator = await signInAsOperator(t);
    const candidates = (await (
      await operator.request(`/api/ops/bookings/${chat.customer.bookingId}/jobs/${chat.job.id}/candidates`)
    ).json()) as { candidates: { id: string }[] };
    const next = candidates.candidates[0]?.id ?? "";
    const moved = await operator.request(
      `/api/ops/bookings/${chat.customer.bookingId}/jobs/${chat.job.id}/assign`,
      post({ mateId: next }),
    );
    expect(moved.status).toBe(200);
    later(1);
    await threadOf(await chat.customerSays("Hello again"));
    const newMate = await signInAsMate(t, next);
    const seen = await threadOf(await newMate.request(`/api/mate/jobs/${chat.job.id}/messages`));
    expect(seen.messages.map((message) => message.body)).toEqual(["Hello again"]);
    expect((await chat.mateReads()).status).toBe(404);

    const read = await operator.request(
      `/api/ops/bookings/${chat.customer.bookingId}/chat`,
      post({ reason: "The customer disputes the gate code" }),
    );
    expect(read.status).toBe(200);
    const { messages } = (await read.json()) as { messages: { body: string }[] };
    expect(messages.map((message) => message.body)).toEqual(["The gate code is 4521", "Hello again"]);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, chat.customer.bookingId));
    expect(audit.find((entry) => entry.action === "booking.chat.read")).toMatchObject({
      reason: "The customer disputes the gate code",
    });
  });

  it("opens at assignment and closes 24 hours after completion", async () => {
    const chat = await chatting("13:00");
    await completedBooking(t, chat.customer, clock.moveTo);
    later(23 * 60);
    expect((await chat.customerSays("Thank you!")).status).toBe(200);
    later(61);
    const closed = await chat.customerSays("One more thing");
    expect(closed.status).toBe(409);
    expect(apiErrorSchema.parse(await closed.json()).error.message).toBe(
      "Chat closes 24 hours after the job is completed.",
    );
    expect((await threadOf(await chat.customerReads())).open).toBe(false);
  });
});
