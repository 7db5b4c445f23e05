import { eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { beforeAll, describe, expect, it } from "vitest";
import { RATING_PROMPT_DELAY_MS } from "#domain/notice-triggers.ts";
import { jobs } from "#server/bookings/schema.ts";
import { signInAsMate, signInAsOperator } from "#testing/mates.ts";
import { noticeTestApp } from "#testing/notice-test-app.ts";
import { errorOf } from "#testing/requests.ts";
import { completedBooking, SEED_NOW, seedCustomer, settledBooking } from "#testing/seeded-customer.ts";
import type { TestApp } from "#testing/test-app.ts";
import { handMovedClock } from "#testing/test-clock.ts";

/**
 * Issue 19's API proofs of the mails: each mail of a booking's life reaches a real SMTP server once,
 * with its content; rating prompts honour the setting and the one-click unsubscribe.
 */
// Each test books the seeded day afresh, from the day before.
const clock = handMovedClock(SEED_NOW);
const notices = noticeTestApp(clock.now);
const { drain, mailsTo, subjectsTo } = notices;
let t: TestApp;
beforeAll(() => {
  t = notices.t;
});

const send = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });

/** Runs what is due once the rating prompt's delay has passed, then puts the clock back. */
async function afterRatingDelay() {
  const start = clock.now();
  try {
    clock.moveTo(new Date(start.getTime() + RATING_PROMPT_DELAY_MS + 60_000));
    await drain();
    await drain();
  } finally {
    clock.moveTo(start);
  }
}

const textOf = (mail: ParsedMail | undefined) => mail?.text ?? "";

describe("mails of a booking's life", () => {
  it("arrive once each at the SMTP server, from confirmation to the bill and the rating prompt", async () => {
    const customer = await seedCustomer(t, "10:00");
    const booking = await settledBooking(t, customer);
    const mateName = booking.jobs[0]?.mate?.name ?? "";
    expect(mateName).not.toBe("");
    const { mate } = await completedBooking(t, customer, clock.moveTo);
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
    await completedBooking(t, quiet, clock.moveTo);
    const rated = await seedCustomer(t, "14:00");
    await completedBooking(t, rated, clock.moveTo);
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
