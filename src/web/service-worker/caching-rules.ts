/**
 * What the service worker keeps and what it never keeps (decision 037). Pure rules on URLs, so that
 * they are tested apart from the worker (caching-rules.test.ts).
 *
 * - Private API answers (cart, bookings, profile, events, everything under /api/ but the list
 *   below) are never cached: the worker does not answer them at all, so they go to the network as
 *   if it were not there.
 * - The public catalogue, the same for everyone (`GET /api/services`, `/api/services/:name`,
 *   `/api/services/:name/reviews`, served `public, no-cache` by src/server/catalogue and
 *   src/server/ratings): from the network first, from the cache when it cannot be had. Its
 *   languages are asked for in the URL (`?lang=hi-IN`, record 070), and the cache keys on the whole
 *   URL, so an answer in one language never stands in for another.
 * - Navigations to the app's pages: from the network first (the server writes a fresh style nonce,
 *   the page's title and its status into index.html), the precached app shell when offline.
 */

/** The app shell: index.html as the server answers `/`, precached (vite.config.ts puts it under this URL). */
export const APP_SHELL_URL = "/";

export const CACHE_NAMES = {
  catalogue: "mates-catalogue",
  /** Built files not in the precache (the mate app's and the console's), kept once used. */
  assets: "mates-assets",
} as const;

/** The catalogue's public answers; a new route under /api/services is private until added here. */
const PUBLIC_CATALOGUE = /^\/api\/services(?:\/[a-z0-9]+(?:-[a-z0-9]+)*(?:\/reviews)?)?$/;

/** A GET of the public catalogue on the app's own origin: the only API answers ever cached. */
export function isPublicCatalogueRequest(url: URL, method: string, origin: string): boolean {
  return method === "GET" && url.origin === origin && PUBLIC_CATALOGUE.test(url.pathname);
}

/**
 * A navigation the app shell can stand in for when offline: a page of the app, not the API
 * (`/api/auth/callback/…`, an invoice's PDF) and not a file (`/auth/google-done.html`, `/robots.txt`).
 */
export function isAppNavigation(url: URL, origin: string): boolean {
  return url.origin === origin && !url.pathname.startsWith("/api/") && !/\.[a-z0-9]+$/i.test(url.pathname);
}

/** A built file (`/assets/…`, named by its content's hash, so never changed in place). */
export function isBuiltAsset(url: URL, method: string, origin: string): boolean {
  return method === "GET" && url.origin === origin && url.pathname.startsWith("/assets/");
}
