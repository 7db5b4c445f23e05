import { invitationLink, inviteMate, inviteOperatorIn } from "#server/auth/invitations.ts";
import { signedIn, type TestCustomer } from "./customers.ts";
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
    await setPassword(t, invited.link);
    account = { id: invited.userId, email };
    known.set(mateId, account);
  }
  return signIn(t, account.id, account.email);
}

/** Follows an invitation's link: Better Auth's reset endpoint sets the password it asks for. */
export async function setPassword(t: TestApp, link: string, password = PASSWORD): Promise<void> {
  const token = new URL(link).searchParams.get("token");
  const reset = await t.request("/api/auth/reset-password", {
    method: "POST",
    body: JSON.stringify({ token, newPassword: password }),
  });
  if (reset.status !== 200) throw new Error(`setting the password failed: ${reset.status} ${await reset.text()}`);
}

/** Signs in with the password the invitation set. */
export async function signIn(t: TestApp, id: string, email: string, password = PASSWORD): Promise<TestCustomer> {
  const response = await t.request("/api/auth/sign-in/email", {
    method: "POST",
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`the sign-in of ${email} failed: ${response.status}`);
  return signedIn(t, id, email, response);
}

/**
 * A signed-in operator, made the way `npm run ops -- create-operator` makes one: invited, the
 * invitation's link used to choose a password, then signed in.
 */
export async function signInAsOperator(t: TestApp): Promise<TestCustomer> {
  const email = `operator.${Date.now()}.${++counter}@example.com`;
  const invitation = await t.database.db.transaction((tx) => inviteOperatorIn(tx, email, new Date()));
  await setPassword(t, invitationLink(t.config.appOrigin, invitation.token));
  return signIn(t, invitation.userId, email);
}
