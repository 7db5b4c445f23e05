import { SERVICE_WORKER } from "#domain/installable-app.ts";
import { showOfflineBanner } from "./offline-banner.ts";
import { type NavigatingRouter, reloadOnNextNavigationAfterUpdate } from "./release-watch.ts";

/**
 * The installable app in the page (issue 19, decision 037), loaded lazily by main.tsx so that the
 * start-up bundle carries none of it: the offline banner, and the service worker (/sw.js, scope /),
 * registered on every page load once the splash has gone, when the files it precaches are already
 * in the browser's cache (fetched during the splash, decision 028) and nothing on screen waits for
 * them. Other code waits on `navigator.serviceWorker.ready` (push subscriptions). Under `vite dev`
 * there is no worker.
 */
export function startAppWorker(router: NavigatingRouter): void {
  showOfflineBanner();
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const workers = navigator.serviceWorker;
  reloadOnNextNavigationAfterUpdate(workers, router, (href) => window.location.assign(href));
  void splashGone()
    .then(() => workers.register(SERVICE_WORKER.url, { scope: SERVICE_WORKER.scope }))
    .then(checkForReleasesWhenBack)
    // A browser that refuses workers (a private window, a policy) still runs the app, without them.
    .catch(() => undefined);
}

/** At most this often, a page that comes back into view asks whether a new release is out. */
const UPDATE_CHECK_MS = 30 * 60 * 1000;

/**
 * An installed app resumed after hours, or a tab left open, never loads the page again, so the
 * browser would not look for a new worker. Coming back into view (at most every 30 minutes) it
 * does; a new release then takes over and the next navigation loads it (release-watch.ts).
 */
function checkForReleasesWhenBack(registration: ServiceWorkerRegistration): void {
  let checkedAt = Date.now();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible" || Date.now() - checkedAt < UPDATE_CHECK_MS) return;
    checkedAt = Date.now();
    registration.update().catch(() => undefined);
  });
}

/**
 * Resolves once src/web/shell/splash.ts has taken the splash (`#splash`, a child of <body>) out of
 * the page. Watched here rather than imported from splash.ts: importing a start-up module from this
 * lazy one makes the bundler regroup the start-up chunks, which costs the home page ~110 bytes of
 * its budget.
 */
function splashGone(): Promise<void> {
  const splash = document.getElementById("splash");
  if (!splash) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (splash.isConnected) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(document.body, { childList: true });
  });
}
