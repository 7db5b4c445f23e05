import { REDIRECT_AFTER_LOGIN_PATHS, STORAGE_KEYS } from "#domain/constants.ts";
import { writeStorage } from "#web/shell/local-storage.ts";

/** The spec's path for a location ("/Book/Address/" → "/book/address"), or undefined. */
export function redirectPathFor(pathname: string): string | undefined {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, "").toLowerCase() : pathname;
  return REDIRECT_AFTER_LOGIN_PATHS.find((path) => path === normalised);
}

/**
 * Spec §2: without a token, on /booking/payment, /book, /book/address or /profile, the path is
 * saved as redirectAfterLogin (the login flow sends the visitor back there).
 */
export function rememberRedirectAfterLogin(pathname: string, token: string | null): void {
  if (token) return;
  const path = redirectPathFor(pathname);
  if (path) writeStorage(STORAGE_KEYS.redirectAfterLogin, path);
}
