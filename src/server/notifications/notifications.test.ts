import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setOffFrom } from "#domain/job.ts";
import { RATING_PROMPT_DELAY_MS } from "#domain/notice-triggers.ts";
import { parsePushPayload } from "#domain/push-payload.ts";
import { meResponseSchema } from "#domain/user.ts";
import { sessions } from "#server/auth/schema.ts";
import { jobs } from "#server/bookings/schema.ts";
import { schedule } from "#server/queue/queue.ts";
import { signUpCustomer } from "#testing/customers.ts";
import { type FakePushService, startFakePushService } from "#testing/fake-push-service.ts";
import { signInAsMate, signInAsOperator } from "#testing/mates.ts";
import { errorOf } from "#testing/requests.ts";
import {
  completedBooking,
  MANY_SIGN_UPS,
  SEED_NOW,
  type SeededCustomer,
  seedCustomer,
  settledBooking,
} from "#testing/seeded-customer.ts";
import { startSmtpCatcher } from "#testing/smtp-catcher.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { notifications, pushSubscriptions } from "./schema.ts";
import { SEND_MAIL } from "./send.ts";

/**
 * Issue 19's API proofs: each mail of a booking's life reaches a real SMTP server once, with its
 * content; pushes reach a local push service over HTTPS that checks VAPID and decrypts them
 * (RFC 8291), and a 410 from it removes the subscription; rating prompts honour the setting and
 * the one-click unsubscribe; subscriptions belong to the sign-in they were made in.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let pushService: FakePushService;
let clock = SEED_NOW;
const moveClockTo = (at: Date) => {
  clock = at;
};
// Each test books the seeded day afresh, from the day before.
beforeEach(() => {
  clock = SEED_NOW;
});
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  pushService = await startFakePushService();
  t = await createTestApp({
    now: () => clock,
    env: { SMTP_URL: smtp.url },
    authLimits: MANY_SIGN_UPS,
    pushAgent: pushService.agent,
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await pushService.close();
});

const send = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });

/** Everything due has run, including the sends the notices scheduled. */
async function drain() {
  await t.queue.runDue();
  await t.queue.runDue();
}

/** Runs what is due once the rating prompt's delay has passed, then puts the clock back. */
async function afterRatingDelay() {
  const start = clock;
  try {
    clock = new Date(start.getTime() + RATING_PROMPT_DELAY_MS + 60_000);
    await drain();
    await drain();
  } finally {
    clock = start;
  }
}

const mailsTo = (email: string) => smtp.mails.filter((mail) => JSON.stringify(mail.to).includes(email));
const subjectsTo = (email: string) => mailsTo(email).map((mail) => mail.subject ?? "");
const textOf = (mail: ParsedMail | undefined) => mail?.text ?? "";

async function subscribe(person: { request: SeededCustomer["request"] }) {
  const subscription = pushService.subscribe();
  const response = await person.request("/api/push/subscription", send("PUT", subscription));
  expect(response.status).toBe(200);
  return subscription;
}

describe("mails of a booking's life", () => {
  it("arrive once each at the SMTP server, from confirmation to the bill and the rating prompt", async () => {
    const customer = await seedCustomer(t, "10:00");
    const booking = await settledBooking(t, customer);
    const mateName = booking.jobs[0]?.mate?.name ?? "";
    expect(mateName).not.toBe("");
    const { mate } = await completedBooking(t, customer, moveClockTo);
    await drain();
    await drain();

    // Each once; their order is the queue's (this test's clock stands still, so they are due together).
    const subjects = subjectsTo(customer.email);
    expect(subjects).toHaveLength(4);
    expect(subjects).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Booking confirmed: Plumber/),
        `Your mate: ${mateName}`,
        `${mateName} is on the way`,
        expect.stringMatching(/^Job done: Plumber/),
      ]),
    );
    const find = (prefix: string) => mailsTo(customer.email).find((mail) => mail.subject?.startsWith(prefix));
    const [confirmed, assigned, done] = [find("Booking confirmed"), find("Your mate"), find("Job done")];
    expect(textOf(confirmed)).toContain(`Hi Seeded,`);
    expect(textOf(confirmed)).toContain("Where: Kandivali West");
    expect(textOf(confirmed)).toContain(`See your booking: ${t.config.appOrigin}/mate-assigning?booking=${booking.id}`);
    expect(confirmed?.html).toContain(`href="${t.config.appOrigin}/mate-assigning?booking=${booking.id}"`);
    expect(textOf(assigned)).toContain(`${mateName} is your mate for Plumber, verified by Mates.`);
    expect(textOf(done)).toContain(`To pay: ₹${booking.totalRupees.toLocaleString("en-IN")}`);
    // Essential mails carry no unsubscribe header.
    expect(done?.headerLines.some((line) => line.key.startsWith("list-unsubscribe"))).toBe(false);

    // Collected in cash: no new mail; the queue run again sends nothing twice.
    const jobId = booking.jobs[0]?.id ?? "";
    expect((await mate.request(`/api/mate/jobs/${jobId}/collect`, send("POST", { method: "cash" }))).status).toBe(200);
    await drain();
    expect(subjectsTo(customer.email)).toHaveLength(4);

    // Two hours after completion, still unrated: the rating prompt, with its one-click unsubscribe.
    await afterRatingDelay();
    const prompt = mailsTo(customer.email)[4];
    expect(prompt?.subject).toBe(`How did ${mateName} do?`);
    const header = (name: string) =>
      prompt?.headerLines
        .find((line) => line.key === name)
        ?.line.slice(name.length + 1)
        .trim() ?? "";
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const link = header("list-unsubscribe").replace(/^<|>$/g, "");
    expect(link).toMatch(/\/api\/notifications\/unsubscribe\?user=.+&token=.+/);
    expect(textOf(prompt)).toContain(
      `You get this because rating reminders are on in your profile. Turn them off: ${link}`,
    );
    expect(prompt?.html).toContain("You get this because rating reminders are on in your profile.");
    expect(subjectsTo(customer.email)).toHaveLength(5);

    // The link's page changes nothing; the mail app's one-click POST (from no origin) turns prompts off.
    const path = link.slice(t.config.appOrigin.length);
    const page = await t.app.request(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Stop rating reminders");
    expect(await (await customer.request("/api/notification-settings")).json()).toEqual({
      settings: { ratingPrompts: true },
    });
    const oneClick = await t.app.request(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(await (await customer.request("/api/notification-settings")).json()).toEqual({
      settings: { ratingPrompts: false },
    });
    const forged = await t.app.request(path.replace(/token=[^&]+/, "token=forged"), { method: "POST" });
    expect(forged.status).toBe(400);
    expect((await errorOf(forged)).code).toBe("bad_unsubscribe_link");
  });

  it("asks no rating when the person turned prompts off, or already rated", async () => {
    const quiet = await seedCustomer(t, "12:00");
    expect((await quiet.request("/api/notification-settings", send("PUT", { ratingPrompts: false }))).status).toBe(200);
    await completedBooking(t, quiet, moveClockTo);
    const rated = await seedCustomer(t, "14:00");
    await completedBooking(t, rated, moveClockTo);
    expect(
      (await rated.request(`/api/bookings/${rated.bookingId}/rating`, send("PUT", { stars: 5, tags: [], comment: "" })))
        .status,
    ).toBe(200);
    await afterRatingDelay();
    for (const who of [quiet, rated]) {
      expect(subjectsTo(who.email).filter((subject) => subject.startsWith("How did"))).toEqual([]);
    }
  });

  it("tells the customer and the mate of a cancellation, and the mate of a new job", async () => {
    const customer = await seedCustomer(t, "16:00");
    const booking = await settledBooking(t, customer);
    await drain();
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.bookingId, booking.id));
    const mate = await signInAsMate(t, job?.mateId ?? "");
    const mateEmail = mate.email;
    // Seeded mates work for every test of this file: count only what arrives from here on.
    const countOf = (email: string) => subjectsTo(email).length;
    const mateHad = countOf(mateEmail);
    // An operator gives the job to another (signed-in) mate: the first is told, the second gets a new job.
    const operator = await signInAsOperator(t);
    const { candidates } = (await (
      await operator.request(`/api/ops/bookings/${booking.id}/jobs/${job?.id}/candidates`)
    ).json()) as { candidates: { id: string }[] };
    const next = candidates.find((candidate) => candidate.id !== job?.mateId);
    if (!next) throw new Error("no other mate can take the job");
    const other = await signInAsMate(t, next.id);
    const otherHad = countOf(other.email);
    const reassign = await operator.request(
      `/api/ops/bookings/${booking.id}/jobs/${job?.id}/assign`,
      send("POST", { mateId: next.id }),
    );
    expect(reassign.status).toBe(200);
    await drain();
    expect(subjectsTo(mateEmail).slice(mateHad)).toEqual([expect.stringMatching(/^Job taken off you: Plumber/)]);
    expect(subjectsTo(other.email).slice(otherHad)).toEqual([expect.stringMatching(/^New job: Plumber/)]);
    expect(subjectsTo(customer.email).at(-1)).toMatch(/^Your mate has changed: /);

    expect((await customer.request(`/api/bookings/${booking.id}/cancel`, send("POST", {}))).status).toBe(200);
    await drain();
    expect(subjectsTo(customer.email).at(-1)).toMatch(/^Booking cancelled: Plumber/);
    expect(textOf(mailsTo(customer.email).at(-1))).toContain("Your booking is cancelled, as you asked.");
    expect(subjectsTo(other.email).slice(otherHad)).toEqual([
      expect.stringMatching(/^New job: Plumber/),
      expect.stringMatching(/^Job cancelled: Plumber/),
    ]);
    expect(subjectsTo(mateEmail).slice(mateHad)).toHaveLength(1);
  });
});

describe("at most once", () => {
  it("never repeats a send that a crash cut off, and never sends a notice twice", async () => {
    const customer = await signUpCustomer(t, "Meera Iyer");
    const id = randomUUID();
    await t.database.db.insert(notifications).values({
      id,
      eventKey: `test:${id}`,
      target: "mail",
      userId: customer.id,
      kind: "booking_confirmed",
      content: { to: customer.email, subject: "Cut off mid-send", text: "x", html: "<p>x</p>" },
      // The attempt's claim, left by a process killed before the mail server answered.
      outcome: "sending",
    });
    await schedule(t.database.db, {
      name: SEND_MAIL,
      key: `${SEND_MAIL}:${id}`,
      payload: { notificationId: id },
      runAt: clock,
    });
    await drain();
    expect(subjectsTo(customer.email)).toEqual([]);
    const [row] = await t.database.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row?.outcome).toBe("interrupted");

    // A notice already sent is not sent again when its job runs again.
    const again = randomUUID();
    await t.database.db.insert(notifications).values({
      id: again,
      eventKey: `test:${again}`,
      target: "mail",
      userId: customer.id,
      kind: "booking_confirmed",
      content: { to: customer.email, subject: "Sent once", text: "x", html: "<p>x</p>" },
    });
    for (const round of [1, 2]) {
      await schedule(t.database.db, {
        name: SEND_MAIL,
        key: `${SEND_MAIL}:${again}:${round}`,
        payload: { notificationId: again },
        runAt: clock,
      });
      await drain();
    }
    await smtp.waitFor(customer.email);
    expect(subjectsTo(customer.email)).toEqual(["Sent once"]);
  });
});

describe("web push", () => {
  it("sends each step to the person's devices, encrypted and signed, and forgets a device that is gone", async () => {
    const customer = await seedCustomer(t, "11:00");
    const booking = await settledBooking(t, customer);
    await drain(); // the assignment's notices went before this device subscribed
    const phone = await subscribe(customer);
    const jobId = booking.jobs[0]?.id ?? "";
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, jobId));
    const mate = await signInAsMate(t, row?.mateId ?? "");
    const matePhone = await subscribe(mate);

    moveClockTo(setOffFrom(new Date(booking.start)));
    expect((await mate.request(`/api/mate/jobs/${jobId}/on-the-way`, send("POST", {}))).status).toBe(200);
    await drain();
    const [onTheWay] = await pushService.waitFor(phone.endpoint, 1);
    expect(parsePushPayload(onTheWay?.text)).toEqual({
      title: "Your mate is on the way",
      body: expect.stringContaining("Plumber"),
      url: `/mate-assigning?booking=${booking.id}`,
      tag: `booking:${booking.id}`,
    });
    expect(onTheWay?.urgency).toBe("high");
    expect(onTheWay?.subject).toBe("mailto:support@mates.in");
    expect(onTheWay?.publicKey).toBe(
      ((await (await t.request("/api/push/key")).json()) as { publicKey: string }).publicKey,
    );

    // The customer's browser dropped the subscription: the push service answers 410 and it is deleted.
    pushService.expire(phone.endpoint);
    expect(
      (await customer.request(`/api/bookings/${booking.id}/cancel`, send("POST", { chargeRupees: 99 }))).status,
    ).toBe(200);
    await drain();
    expect(pushService.refused().some((r) => r.endpoint === phone.endpoint && r.status === 410)).toBe(true);
    const left = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, phone.endpoint));
    expect(left).toEqual([]);
    const cancelled = (await pushService.waitFor(matePhone.endpoint, 1))[0];
    expect(parsePushPayload(cancelled?.text)).toEqual({
      title: "Job cancelled",
      body: expect.stringContaining("Plumber"),
      url: `/mate/jobs/${jobId}`,
      tag: `job:${jobId}`,
    });
    const gone = await t.database.db.select().from(notifications).where(eq(notifications.outcome, "gone"));
    expect(gone.length).toBeGreaterThan(0);
  });

  it("keeps one subscription per sign-in, as the user record's fcmToken, and drops it at sign-out", async () => {
    const customer = await signUpCustomer(t, "Asha Rao");
    const me = async () => meResponseSchema.parse(await (await customer.request("/api/me")).json()).user;
    expect((await me()).fcmToken).toBe("");
    const first = await subscribe(customer);
    expect((await me()).fcmToken).toBe(first.endpoint);
    const second = await subscribe(customer);
    expect((await me()).fcmToken).toBe(second.endpoint);
    const mine = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, customer.id));
    expect(mine.map((row) => row.endpoint)).toEqual([second.endpoint]);
    // The same subscription given again (every visit does) keeps its row: notices on their way still go.
    expect((await customer.request("/api/push/subscription", send("PUT", second))).status).toBe(200);
    const again = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, customer.id));
    expect(again.map((row) => row.id)).toEqual(mine.map((row) => row.id));

    expect(
      (await customer.request("/api/push/subscription", send("DELETE", { endpoint: second.endpoint }))).status,
    ).toBe(200);
    expect((await me()).fcmToken).toBe("");
    await subscribe(customer);
    expect((await customer.request("/api/auth/sign-out", send("POST", {}))).status).toBe(200);
    expect(
      await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, customer.id)),
    ).toEqual([]);
  });

  it("sends nothing to a device whose sign-in has lapsed", async () => {
    const customer = await seedCustomer(t, "13:00");
    const booking = await settledBooking(t, customer);
    await drain();
    const phone = await subscribe(customer);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(clock.getTime() - 60_000) })
      .where(eq(sessions.userId, customer.id));
    const jobId = booking.jobs[0]?.id ?? "";
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, jobId));
    const mate = await signInAsMate(t, row?.mateId ?? "");
    moveClockTo(setOffFrom(new Date(booking.start)));
    expect((await mate.request(`/api/mate/jobs/${jobId}/on-the-way`, send("POST", {}))).status).toBe(200);
    await drain();
    await drain();
    expect(subjectsTo(customer.email)).toContain(`${booking.jobs[0]?.mate?.name} is on the way`);
    expect(pushService.received(phone.endpoint)).toEqual([]);
  });

  it("lets each person remove only their own device, whatever their role", async () => {
    const owner = await signUpCustomer(t, "Kavya Nair");
    const device = await subscribe(owner);
    const operator = await signInAsOperator(t);
    const mate = await signInAsMate(t, "mate-005");
    const stranger = await signUpCustomer(t, "Arjun Das");
    for (const other of [stranger, mate, operator]) {
      const response = await other.request("/api/push/subscription", send("DELETE", { endpoint: device.endpoint }));
      expect(response.status).toBe(200);
      expect((await other.request("/api/notification-settings")).status).toBe(200);
    }
    const kept = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(kept.map((row) => row.userId)).toEqual([owner.id]);
    // Another person's settings are never theirs to change: each reads and writes only their own.
    await stranger.request("/api/notification-settings", send("PUT", { ratingPrompts: false }));
    expect(await (await owner.request("/api/notification-settings")).json()).toEqual({
      settings: { ratingPrompts: true },
    });
  });

  it("refuses visitors, another site and bad subscriptions with clear errors", async () => {
    const key = await t.request("/api/push/key");
    expect(key.status).toBe(200);
    expect(((await key.json()) as { publicKey: string }).publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const visitor = await t.request("/api/push/subscription", send("PUT", pushService.subscribe()));
    expect(visitor.status).toBe(401);
    expect((await t.request("/api/notification-settings")).status).toBe(401);

    const customer = await signUpCustomer(t);
    const good = pushService.subscribe();
    for (const [body, message] of [
      [{ ...good, endpoint: "http://push.example/1" }, "A push endpoint is an https URL."],
      [{ ...good, keys: { ...good.keys, auth: "!" } }, "auth is a base64url 16-byte secret."],
      [{ ...good, extra: 1 }, "extra"],
    ] as const) {
      const response = await customer.request("/api/push/subscription", send("PUT", body));
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toContain(message);
    }
    const elsewhere = await customer.request("/api/push/subscription", {
      ...send("PUT", good),
      headers: { origin: "https://evil.example" },
    });
    expect(elsewhere.status).toBe(403);
    const settings = await customer.request("/api/notification-settings", send("PUT", { ratingPrompts: "no" }));
    expect(settings.status).toBe(400);
  });
});
