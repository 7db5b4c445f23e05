/**
 * Asking for the login popup. The header's Login button (and later the service page) dispatch
 * this event on window; the accounts feature listens for it and opens the popup.
 */
export const OPEN_LOGIN_EVENT = "mates:open-login";

/** Spec §2: the login popup's three views. */
export type LoginView = "login" | "forgot-password" | "signup";

export type OpenLoginDetail = {
  /** Where the request came from (e.g. "header", or "guard" for a protected path). */
  source: string;
  /** The view to open on; the login view when left out. */
  view?: LoginView;
};

export function requestLogin(source: string, view?: LoginView): void {
  const detail: OpenLoginDetail = view ? { source, view } : { source };
  window.dispatchEvent(new CustomEvent<OpenLoginDetail>(OPEN_LOGIN_EVENT, { detail }));
}
