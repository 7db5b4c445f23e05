import { createRequestMailbox } from "#web/lib/request-mailbox.ts";
import { OPEN_LOGIN_EVENT, type OpenLoginDetail } from "#web/shell/login-request.ts";

/** Where the accounts feature sends the browser after signing in; the router's navigate. */
export type Navigate = (to: string) => Promise<void> | void;

/** Login requests (`mates:open-login`), kept until the lazily loaded accounts feature takes them. */
export const loginRequests = createRequestMailbox<OpenLoginDetail>();

/** Starts listening for `mates:open-login` at once (main.tsx), so no early request is lost. */
export function listenForLoginRequests(): void {
  window.addEventListener(OPEN_LOGIN_EVENT, (event) =>
    loginRequests.post((event as CustomEvent<OpenLoginDetail | undefined>).detail ?? { source: "unknown" }),
  );
}
