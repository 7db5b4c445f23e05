/**
 * Asking for the login popup. The header's Login button (and later the service page) dispatch
 * this event on window; the accounts feature listens for it and opens the popup.
 */
export const OPEN_LOGIN_EVENT = "mates:open-login";

export type OpenLoginDetail = {
  /** Where the request came from, for the popup's own use (e.g. "header"). */
  source: string;
};

export function requestLogin(source: string): void {
  window.dispatchEvent(new CustomEvent<OpenLoginDetail>(OPEN_LOGIN_EVENT, { detail: { source } }));
}
