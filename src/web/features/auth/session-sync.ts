import { type UserInfo, userInfoSchema } from "#domain/auth.ts";
import { STORAGE_KEYS } from "#domain/constants.ts";
import type { MeResponse } from "#domain/user.ts";
import { appQueryClient } from "#web/lib/query-client.ts";
import { readStorage, writeStorage } from "#web/shell/local-storage.ts";
import { readAuthToken } from "#web/shell/use-auth-token.ts";
import { closeLogin } from "./login-store.ts";
import { refreshSession, sessionKeys } from "./session-query.ts";
import { welcomeOnce } from "./welcome-toast.ts";

/**
 * Spec §3, §4: the browser's copy of the auth state. When the server reports a user, localStorage
 * gets `authToken` and `userInfo` (and, for a mate or an operator, our `userRole`) and the welcome
 * toast shows (once per session); when it reports none, they are removed. Every answer of GET /api/me (and every setSession) passes through here.
 */

/** The token this tab last wrote or saw; a different one in storage came from another tab. */
let knownToken: string | null = readAuthToken();

export function readUserInfo(): UserInfo | undefined {
  const raw = readStorage(STORAGE_KEYS.userInfo);
  if (!raw) return undefined;
  try {
    const parsed = userInfoSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function writeUserInfo(info: UserInfo): void {
  writeStorage(STORAGE_KEYS.userInfo, JSON.stringify(info));
}

function mirror(me: MeResponse | null): void {
  if (me) {
    knownToken = me.authToken;
    writeStorage(STORAGE_KEYS.authToken, me.authToken);
    // Keep what sign-up wrote (email, uid, name) for the same person; anyone else gets their email.
    const info = readUserInfo();
    if (info?.email.toLowerCase() !== me.user.email.toLowerCase()) writeUserInfo({ email: me.user.email });
    writeStorage(STORAGE_KEYS.userRole, me.user.role === "customer" ? null : me.user.role);
    // Signed in here or in another tab: a login popup still open has nothing left to do.
    closeLogin();
    // A customer with no name (a Google account without one) is greeted by their e-mail address, as
    // before; a mate or operator who has not given a name yet is greeted without one (record 051).
    void welcomeOnce(me.user.fullName.trim() || (me.user.role === "customer" ? me.user.email : ""));
  } else {
    knownToken = null;
    writeStorage(STORAGE_KEYS.authToken, null);
    writeStorage(STORAGE_KEYS.userInfo, null);
    writeStorage(STORAGE_KEYS.userRole, null);
  }
}

/**
 * Mirrors the session query into storage from now on, starting with the answer it already holds
 * (a page's `useMe` may have asked before this feature loaded); returns the unsubscribe function.
 */
export function startSessionMirror(): () => void {
  const known = appQueryClient.getQueryState<MeResponse | null>(sessionKeys.me);
  if (known?.status === "success") mirror(known.data ?? null);
  return appQueryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "success") return;
    const [scope, name] = event.query.queryKey;
    if (scope !== sessionKeys.me[0] || name !== sessionKeys.me[1]) return;
    mirror((event.query.state.data as MeResponse | null | undefined) ?? null);
  });
}

/**
 * Spec §2: the token is re-read every second and on storage events (use-auth-token.ts). When it
 * appears or disappears without this tab having written it, another tab signed in or out: ask the
 * server, which answers for this browser's cookie, and follow it.
 */
export function noticeToken(token: string | null): void {
  if (token === knownToken) return;
  const appearedOrWent = Boolean(token) !== Boolean(knownToken);
  knownToken = token;
  if (appearedOrWent) void refreshSession();
}
