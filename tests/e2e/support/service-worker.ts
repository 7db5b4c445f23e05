import { type CDPSession, expect, type Page } from "@playwright/test";

/**
 * The app's service worker in the tests (decision 037): waiting until it controls a page, finding
 * its registration for the DevTools protocol, reading what it keeps in Cache Storage.
 */

/**
 * Waits until the service worker controls the page (it registers once the splash has gone) and has
 * finished activating: a worker claims its pages while it activates, before it takes events such as
 * a push.
 */
export async function untilServiceWorkerControls(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  await page.waitForFunction(
    async () => (await navigator.serviceWorker.ready).active?.state === "activated",
    undefined,
    { timeout: 20_000 },
  );
}

/**
 * The DevTools protocol's id of the app's service worker registration (scope `/`), from a session on
 * which `ServiceWorker.enable` was sent. Start listening before the worker registers.
 */
export function listenForRegistration(cdp: CDPSession, origin: string): () => Promise<string> {
  let found: string | undefined;
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
    const ours = registrations.find(
      (registration) => registration.scopeURL === `${origin}/` && !registration.isDeleted,
    );
    if (ours) found = ours.registrationId;
  });
  return async () => {
    await expect.poll(() => found, { message: "the service worker's registration" }).toBeDefined();
    return found as string;
  };
}

/** Every URL the page's origin keeps in Cache Storage, by cache name. */
export function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const byCache: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      byCache[name] = (await cache.keys()).map((request) => request.url);
    }
    return byCache;
  });
}
