import type { UserInfo } from "#domain/auth.ts";
import { STORAGE_KEYS } from "#domain/constants.ts";
import type { UserRecord } from "#domain/user.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { readStorage, writeStorage } from "#web/shell/local-storage.ts";
import { redirectPathFor } from "#web/shell/redirect-after-login.ts";
import { fetchMe } from "./auth-api.ts";
import type { Navigate } from "./login-requests.ts";
import { closeLogin } from "./login-store.ts";
import { sessionText } from "./session/session-messages.ts";
import { setSession } from "./session-query.ts";
import { writeUserInfo } from "./session-sync.ts";

const ROLE_HOME: Record<string, string> = { mate: "/mate", operator: "/ops" };

/**
 * Spec §2, §4: where the app goes after signing in: the booking path (or /profile) saved as
 * redirectAfterLogin, which is then cleared, or home; a mate's home is their jobs (/mate), an
 * operator's the console (/ops). Only the
 * spec's own paths are followed.
 */
export function takeRedirectAfterLogin(role?: string): string {
  const saved = readStorage(STORAGE_KEYS.redirectAfterLogin);
  writeStorage(STORAGE_KEYS.redirectAfterLogin, null);
  return (saved && redirectPathFor(saved)) || ROLE_HOME[role ?? ""] || "/";
}

/**
 * After the server has set the session cookie (e-mail login, sign-up, Google, a mobile number's
 * code): read the session, store the token (session-sync.ts), close the popup and go on. `userInfo`
 * is what sign-up stores (spec §3: email, uid and name); other ways in store the email.
 */
export async function finishSignIn(navigate: Navigate, userInfo?: (user: UserRecord) => UserInfo): Promise<void> {
  const me = await fetchMe();
  if (!me) throw new ApiError(401, "unauthenticated", await sessionText("sessionNotStarted"));
  writeUserInfo(userInfo ? userInfo(me.user) : { email: me.user.email });
  setSession(me);
  closeLogin();
  await navigate(takeRedirectAfterLogin(me.user.role));
}
