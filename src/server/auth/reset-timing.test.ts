import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpCustomer } from "#testing/customers.ts";
import { startSmtpCatcher } from "#testing/smtp-catcher.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { DEFAULT_AUTH_LIMITS, RESET_ANSWER_FLOOR_MS } from "./routes.ts";

/** The mail server takes this long to accept a message: an awaited send would show in the timing. */
const SMTP_DELAY_MS = 300;
const ROUNDS = 15;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

describe("a reset request's answer time does not tell who has an account", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpCatcher({ acceptDelayMs: SMTP_DELAY_MS });
    const many = { max: 1000, windowSeconds: 600 };
    t = await createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: "Mates <no-reply@mates.test>" },
      authLimits: { ...DEFAULT_AUTH_LIMITS, resetRequest: { ip: many, email: many } },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("answers as fast for a known address as for an unknown one, and still sends the mail", async () => {
    const customer = await signUpCustomer(t, "Timing Tara");
    const ask = async (email: string) => {
      const started = performance.now();
      const response = await t.request("/api/auth/request-password-reset", {
        method: "POST",
        body: JSON.stringify({ email }),
      });
      const elapsed = performance.now() - started;
      expect(response.status).toBe(200);
      return { elapsed, body: await response.json() };
    };
    // Warm up both paths once (first queries, first SMTP connection).
    const before = smtp.mails.length;
    await ask(customer.email);
    await ask(`nobody.warm.${Date.now()}@example.com`);

    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const k = await ask(customer.email);
      const u = await ask(`nobody.${round}.${Date.now()}@example.com`);
      expect(k.body).toEqual(u.body);
      known.push(k.elapsed);
      unknown.push(u.elapsed);
    }
    const knownMedian = median(known);
    const unknownMedian = median(unknown);
    // An awaited send would put every known answer above the SMTP delay.
    expect(knownMedian, `known ${known.map(Math.round)} unknown ${unknown.map(Math.round)}`).toBeLessThan(
      SMTP_DELAY_MS / 3,
    );
    expect(Math.abs(knownMedian - unknownMedian)).toBeLessThan(Math.max(25, unknownMedian));
    // Both wait for the same floor, above either path's own work.
    expect(Math.min(...known, ...unknown)).toBeGreaterThanOrEqual(RESET_ANSWER_FLOOR_MS - 1);
    // Fewer than half of the known answers are slower than the slowest unknown one.
    const slowestUnknown = Math.max(...unknown);
    expect(known.filter((ms) => ms > slowestUnknown).length).toBeLessThan(ROUNDS / 2);

    // The mails arrive all the same: one per known request.
    await smtp.waitFor(customer.email, before, 15_000);
    await expect
      .poll(() => smtp.mails.slice(before).filter((mail) => JSON.stringify(mail.to).includes(customer.email)).length, {
        timeout: 20_000,
      })
      .toBe(ROUNDS + 1);
  });
});
