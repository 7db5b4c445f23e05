import { eq } from "drizzle-orm";
import { jobs } from "#server/bookings/schema.ts";
import { auditLog } from "#server/ops/schema.ts";
import type { TestCustomer } from "./customers.ts";
import { signInAsOperator } from "./mates.ts";
import { MANY_SIGN_UPS, SEED_NOW } from "./seeded-customer.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

/**
 * The operator console's tests (server/ops/ops-*.test.ts): their app at the seed's time, with
 * sessions cached for 30 seconds and an operator signed in, and the rows they read beside the API.
 */
export async function operatorConsole(): Promise<{ t: TestApp; operator: TestCustomer }> {
  const t = await createTestApp({
    now: () => SEED_NOW,
    env: { SESSION_CACHE_SECONDS: "30" },
    authLimits: MANY_SIGN_UPS,
  });
  return { t, operator: await signInAsOperator(t) };
}

/** A booking's (first) job as the database holds it, its mate among its fields. */
export const mateOfJob = async (t: TestApp, bookingId: string) =>
  (await t.database.db.select().from(jobs).where(eq(jobs.bookingId, bookingId)))[0];

/** The audit log's entries about one subject. */
export async function auditOf(t: TestApp, subjectId: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId));
}
