import { eq } from "drizzle-orm";
import { users } from "#server/auth/schema.ts";
import { mates } from "#server/mates/schema.ts";
import { signUpCustomer, type TestCustomer } from "./customers.ts";
import type { TestApp } from "./test-app.ts";

/**
 * A signed-in mate for an API test: an account made through the sign-up endpoint, then given the
 * mate role and linked to the seeded mate, as an invitation does (auth/invitations.ts).
 */
export async function signInAsMate(t: TestApp, mateId: string): Promise<TestCustomer> {
  const account = await signUpCustomer(t, `Mate ${mateId}`);
  await t.database.db.update(users).set({ role: "mate" }).where(eq(users.id, account.id));
  await t.database.db.update(mates).set({ userId: account.id }).where(eq(mates.id, mateId));
  return account;
}
