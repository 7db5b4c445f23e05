/// <reference lib="webworker" />
/**
 * The service worker, served at /sw.js with the scope / (decision 037). Built by vite-plugin-pwa in
 * injectManifest mode: Workbox's precache list of the built files is written into
 * `self.__WB_MANIFEST` at build time (vite.config.ts chooses what is in it).
 *
 * - Takes over at once (skipWaiting, clients.claim); the page reloads itself on its next navigation
 *   when a new release took over (src/web/features/app-worker/).
 * - Navigations: the network first, the precached app shell offline (caching-rules.ts).
 * - The public catalogue: the network first, its cache offline; no other API answer is touched.
 * - Built files: the precache; the few not in it, cached once used.
 * - Push: a notification per message; a click focuses or opens the app at the message's URL.
 */
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, type PrecacheEntry, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst, NetworkOnly } from "workbox-strategies";
import {
  APP_SHELL_URL,
  CACHE_NAMES,
  isAppNavigation,
  isBuiltAsset,
  isPublicCatalogueRequest,
} from "./caching-rules.ts";
import { chooseWindow, notificationFor, notificationTarget } from "./notification.ts";
import { subscriptionBody, subscriptionRequest } from "./push-subscription.ts";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** `pushsubscriptionchange` (not in TypeScript's lib yet): the subscription the browser replaced, and its successor. */
type PushSubscriptionChangeEvent = ExtendableEvent & {
  oldSubscription: PushSubscription | null;
  newSubscription: PushSubscription | null;
};

const origin = self.location.origin;
const WEEK = 7 * 24 * 60 * 60;

self.addEventListener("install", (event) => {
  // The home page asked for the catalogue before this worker controlled it: fetch it once now, so
  // that the catalogue opens offline from the first visit on. Offline here, the next visit fills it.
  event.waitUntil(
    caches
      .open(CACHE_NAMES.catalogue)
      .then((cache) => cache.add("/api/services"))
      .catch(() => undefined),
  );
  void self.skipWaiting();
});

// No navigation preload: a navigation this worker leaves to the network (the API's, such as Google
// sign-in's callback) would then reach the server twice, the preload and the network's own request,
// and a callback's one-time state is spent by the first (decision 037).
self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

// Routes are matched in the order they are registered: navigations before the precache, whose
// route would otherwise answer `/` from the precache while online.
registerRoute(
  ({ request, url }) => request.mode === "navigate" && isAppNavigation(url, origin),
  new NetworkOnly({
    plugins: [{ handlerDidError: async () => (await matchPrecache(APP_SHELL_URL)) ?? Response.error() }],
  }),
);

registerRoute(
  ({ request, url }) => isPublicCatalogueRequest(url, request.method, origin),
  new NetworkFirst({
    cacheName: CACHE_NAMES.catalogue,
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 4 * WEEK, purgeOnQuotaError: true })],
  }),
);

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(
  ({ request, url }) => isBuiltAsset(url, request.method, origin),
  new CacheFirst({
    cacheName: CACHE_NAMES.assets,
    plugins: [new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 4 * WEEK, purgeOnQuotaError: true })],
  }),
);

self.addEventListener("push", (event) => {
  const { title, options } = notificationFor(event.data?.text());
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openApp(notificationTarget(event.notification.data)));
});

/** Focuses the app's window showing the path, or takes an open window there, or opens one. */
async function openApp(path: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: "window" });
  const choice = chooseWindow(path, windows, origin);
  if (choice.kind === "open") {
    await self.clients.openWindow(choice.url);
    return;
  }
  const client = windows[choice.index];
  if (!client) return;
  await client.focus();
  if (!choice.navigate) return;
  // A window this worker does not control cannot be navigated by it: open the path in a new one.
  await client.navigate(path).catch(() => self.clients.openWindow(path));
}

self.addEventListener("pushsubscriptionchange", (event) => {
  const change = event as PushSubscriptionChangeEvent;
  change.waitUntil(renewSubscription(change));
});

/** Subscribes again with the options of the subscription that lapsed, and tells the server. */
async function renewSubscription({ oldSubscription, newSubscription }: PushSubscriptionChangeEvent): Promise<void> {
  const options = oldSubscription?.options;
  const renewed =
    newSubscription ??
    (options
      ? await self.registration.pushManager.subscribe({
          userVisibleOnly: options.userVisibleOnly,
          applicationServerKey: options.applicationServerKey,
        })
      : await self.registration.pushManager.getSubscription());
  const body = renewed ? subscriptionBody(renewed.toJSON()) : undefined;
  // Without the old options there is nothing to renew with: the page subscribes on its next visit.
  if (!body) return;
  await fetch(...subscriptionRequest(body));
}
