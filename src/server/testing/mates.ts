import { eq } from "drizzle-orm";
import { inviteMate } from "#server/auth/invitations.ts";
import { users } from "#server/auth/schema.ts";
import { signedIn, signUpCustomer, type TestCustomer } from "./customers.ts";
import type { TestApp } from "./test-app.ts";

let counter = 0;
/** Mates already invited in a test app: signing in again reuses their account (one per mate). */
const invitedMates = new WeakMap<TestApp, Map<string, { id: string; email: string }>>();
const PASSWORD = "chai-and-tools-2026";

/**
 * A signed-in mate for an API test, the way a real one gets there: invited (auth/invitations.ts),
 * the invitation's link used to choose a password (Better Auth's reset endpoint), then signed in.
 */
export async function signInAsMate(t: TestApp, mateId: string): Promise<TestCustomer> {
  const known = invitedMates.get(t) ?? new Map<string, { id: string; email: string }>();
  invitedMates.set(t, known);
  let account = known.get(mateId);
  if (!account) {
    const email = `mate.${mateId}.${Date.now()}.${++counter}@example.com`;
    const deps = { db: t.database.db, mailer: t.mailer, appOrigin: t.config.appOrigin };
    const invited = await inviteMate(deps, mateId, email);
    const token = new URL(invited.link).searchParams.get("token");
    const reset = await t.request("/api/auth/reset-password", {
      method: "POST",
      body: JSON.stringify({ token, newPassword: PASSWORD }),
    });
    if (reset.status !== 200) throw new Error(`setting the password failed: ${reset.status} ${await reset.text()}`);
    account = { id: invited.userId, email };
    known.set(mateId, account);
  }
  const response = await t.request("/api/auth/sign-in/email", {
    method: "POST",
    body: JSON.stringify({ email: account.email, password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`the mate's sign-in failed: ${response.status}`);
  return signedIn(t, account.id, account.email, response);
}

/**
 * A signed-in operator. Operators have no invitation yet (the console is issue 16): an account made
 * through sign-up, then given the role in the database, as the operations team does by hand today.
 */
export async function signInAsOperator(t: TestApp): Promise<TestCustomer> {
  const account = await signUpCustomer(t, "Operations Desk");
  await t.database.db.update(users).set({ role: "operator" }).where(eq(users.id, account.id));
  return account;
}
