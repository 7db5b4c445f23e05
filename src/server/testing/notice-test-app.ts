import { afterAll, beforeAll, expect } from "vitest";
import type { TestCustomer } from "./customers.ts";
import { type FakePushService, startFakePushService } from "./fake-push-service.ts";
import { MANY_SIGN_UPS } from "./seeded-customer.ts";
import { startSmtpCatcher } from "./smtp-catcher.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

type Started = { t: TestApp; smtp: Awaited<ReturnType<typeof startSmtpCatcher>>; pushService: FakePushService };

/**
 * A test file's app whose notices (issue 19) really go out: mails to a real SMTP server on a local
 * port, pushes to a local push service over HTTPS that checks VAPID and decrypts them (RFC 8291).
 * Started before the file's tests and closed after them; read `t`, `smtp` and `pushService` in a test.
 */
export function noticeTestApp(now: () => Date) {
  let started: Started | undefined;
  const get = () => {
    if (!started) throw new Error("the notice test app is read before its beforeAll ran");
    return started;
  };
  beforeAll(async () => {
    const smtp = await startSmtpCatcher();
    const pushService = await startFakePushService();
    const t = await createTestApp({
      now,
      env: { SMTP_URL: smtp.url },
      authLimits: MANY_SIGN_UPS,
      pushAgent: pushService.agent,
    });
    started = { t, smtp, pushService };
  });
  afterAll(async () => {
    await started?.t.close();
    await started?.smtp.close();
    await started?.pushService.close();
  });
  const mailsTo = (email: string) => get().smtp.mails.filter((mail) => JSON.stringify(mail.to).includes(email));
  return {
    get t() {
      return get().t;
    },
    get smtp() {
      return get().smtp;
    },
    get pushService() {
      return get().pushService;
    },
    /** Everything due has run, including the sends the notices scheduled. */
    async drain() {
      await get().t.queue.runDue();
      await get().t.queue.runDue();
    },
    mailsTo,
    subjectsTo: (email: string) => mailsTo(email).map((mail) => mail.subject ?? ""),
    /** A new subscription of the person's device, kept by the server as the browser would have it kept. */
    async subscribe(person: { request: TestCustomer["request"] }) {
      const subscription = get().pushService.subscribe();
      const response = await person.request("/api/push/subscription", {
        method: "PUT",
        body: JSON.stringify(subscription),
      });
      expect(response.status).toBe(200);
      return subscription;
    },
  };
}
