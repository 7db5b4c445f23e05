import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setOffFrom } from "#domain/job.ts";
import { parsePushPayload } from "#domain/push-payload.ts";
import { sessions } from "#server/auth/schema.ts";
import { jobs } from "#server/bookings/schema.ts";
import { signInAsMate } from "#testing/mates.ts";
import { noticeTestApp } from "#testing/notice-test-app.ts";
import { SEED_NOW, seedCustomer, settledBooking } from "#testing/seeded-customer.ts";
import type { TestApp } from "#testing/test-app.ts";
import { handMovedClock } from "#testing/test-clock.ts";
import { notifications, pushSubscriptions } from "./schema.ts";

/**
 * Issue 19's API proofs of web push: pushes reach a local push service over HTTPS that checks VAPID
 * and decrypts them (RFC 8291), a 410 from it removes the subscription, and a device whose sign-in
 * lapsed gets nothing.
 */
// A job's steps are taken once its set-off window opens: the clock moves there, and back for each test.
const clock = handMovedClock(SEED_NOW);
const notices = noticeTestApp(clock.now);
const { drain, subjectsTo, subscribe } = notices;
let t: TestApp;
beforeAll(() => {
  t = notices.t;
});

const send = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });

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

    clock.moveTo(setOffFrom(new Date(booking.start)));
    expect((await mate.request(`/api/mate/jobs/${jobId}/on-the-way`, send("POST", {}))).status).toBe(200);
    await drain();
    const [onTheWay] = await notices.pushService.waitFor(phone.endpoint, 1);
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
    notices.pushService.expire(phone.endpoint);
    expect(
      (await customer.request(`/api/bookings/${booking.id}/cancel`, send("POST", { chargeRupees: 99 }))).status,
    ).toBe(200);
    await drain();
    expect(notices.pushService.refused().some((r) => r.endpoint === phone.endpoint && r.status === 410)).toBe(true);
    const left = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, phone.endpoint));
    expect(left).toEqual([]);
    const cancelled = (await notices.pushService.waitFor(matePhone.endpoint, 1))[0];
    expect(parsePushPayload(cancelled?.text)).toEqual({
      title: "Job cancelled",
      body: expect.stringContaining("Plumber"),
      url: `/mate/jobs/${jobId}`,
      tag: `job:${jobId}`,
    });
    const gone = await t.database.db.select().from(notifications).where(eq(notifications.outcome, "gone"));
    expect(gone.length).toBeGreaterThan(0);
  });

  it("sends nothing to a device whose sign-in has lapsed", async () => {
    const customer = await seedCustomer(t, "13:00");
    const booking = await settledBooking(t, customer);
    await drain();
    const phone = await subscribe(customer);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(clock.now().getTime() - 60_000) })
      .where(eq(sessions.userId, customer.id));
    const jobId = booking.jobs[0]?.id ?? "";
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, jobId));
    const mate = await signInAsMate(t, row?.mateId ?? "");
    clock.moveTo(setOffFrom(new Date(booking.start)));
    expect((await mate.request(`/api/mate/jobs/${jobId}/on-the-way`, send("POST", {}))).status).toBe(200);
    await drain();
    await drain();
    expect(subjectsTo(customer.email)).toContain(`${booking.jobs[0]?.mate?.name} is on the way`);
    expect(notices.pushService.received(phone.endpoint)).toEqual([]);
  });
});
