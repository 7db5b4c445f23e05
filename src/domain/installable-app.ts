/**
 * The installable app (issue 19, decision 037): what the web app manifest, the service worker and
 * the page that registers it share. vite.config.ts writes the manifest from these values; the
 * service worker (src/web/service-worker/) and the page (src/web/features/app-worker/) read them.
 */

/** The brand's deep teal: the header's mark, the splash (index.html) and `<meta name="theme-color">`. */
export const BRAND_COLOUR = "#0b4f4a";

export const SERVICE_WORKER = {
  /** Served from the site's root so that its scope is the whole app without Service-Worker-Allowed. */
  url: "/sw.js",
  scope: "/",
} as const;

/** The icons in src/web/public/icons, made from favicon.svg by scripts/make-app-icons.ts. */
export const APP_ICONS = {
  any192: "/icons/icon-192.png",
  any512: "/icons/icon-512.png",
  maskable512: "/icons/icon-maskable-512.png",
  appleTouch180: "/icons/apple-touch-icon.png",
  /** Monochrome (white on transparent): Android draws a notification's badge from its alpha alone. */
  badge96: "/icons/badge-96.png",
} as const;

/**
 * The web app manifest's own fields; vite.config.ts adds the name (BRAND), the description and the
 * icons. (This module imports nothing: the page's lazy code reads it, and an import of the spec's
 * constants from there regroups the start-up chunks, at a cost to the home page's budget.)
 */
export const APP_MANIFEST = {
  start_url: "/",
  scope: "/",
  display: "standalone",
  theme_color: BRAND_COLOUR,
  // The colour of the splash (index.html), so the phone's launch screen flows into it.
  background_color: BRAND_COLOUR,
  lang: "en-IN",
} as const;

/** What the banner says while the device is offline, and what will not work meanwhile. */
export const OFFLINE_NOTICE =
  "You're offline. You can browse services; booking, your cart and your account need a connection.";

/** Where the service worker sends a renewed push subscription (the server's route, issue 19). */
export const PUSH_SUBSCRIPTION_PATH = "/api/push/subscription";
