import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { schedule } from "#server/queue/queue.ts";
import { signUpCustomer } from "#testing/customers.ts";
import { noticeTestApp } from "#testing/notice-test-app.ts";
import { SEED_NOW } from "#testing/seeded-customer.ts";
import type { TestApp } from "#testing/test-app.ts";
import { notifications } from "./schema.ts";
import { SEND_MAIL } from "./send.ts";

/** Issue 19's API proof that a notice is sent at most once, whatever a crash or the queue repeats. */
const notices = noticeTestApp(() => SEED_NOW);
const { drain, subjectsTo } = notices;
let t: TestApp;
beforeAll(() => {
  t = notices.t;
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
      runAt: SEED_NOW,
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
        runAt: SEED_NOW,
      });
      await drain();
    }
    await notices.smtp.waitFor(customer.email);
    expect(subjectsTo(customer.email)).toEqual(["Sent once"]);
  });
});
