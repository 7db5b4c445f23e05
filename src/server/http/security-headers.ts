import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { GOOGLE_SIGN_IN } from "#domain/auth.ts";

/**
 * The security headers of every response (docs/decisions/014-security-headers.md).
 *
 * The Content-Security-Policy is built from CSP_SOURCES: a feature that needs another origin (a
 * payment script, a push service) adds it there, in one place. HTML documents add what is inline
 * in them: spa.ts hashes each inline <script> and <style> of the built files once at start and
 * gives index.html a fresh style nonce per response, for the <style> elements that Radix (scroll
 * lock) and sonner (toasts) insert while the app runs.
 */

export type CspSources = {
  defaultSrc: string[];
  scriptSrc: string[];
  styleSrc: string[];
  imgSrc: string[];
  fontSrc: string[];
  connectSrc: string[];
  frameSrc: string[];
  workerSrc: string[];
  manifestSrc: string[];
  objectSrc: string[];
  baseUri: string[];
  formAction: string[];
  frameAncestors: string[];
};

/** Where the app may load each kind of thing from: only its own origin, and nothing it does not use. */
export const CSP_SOURCES: Readonly<CspSources> = Object.freeze({
  defaultSrc: ["'self'"],
  // Module scripts from /assets; inline scripts only by hash (added per document).
  scriptSrc: ["'self'"],
  // The Tailwind stylesheet file; inline <style> only by hash or by the response's nonce.
  styleSrc: ["'self'"],
  // The favicon and the app's icons; every other picture is inline SVG markup (no profile photos are shown).
  imgSrc: ["'self'"],
  fontSrc: ["'self'"],
  // fetch and EventSource to /api on the same origin.
  connectSrc: ["'self'"],
  // Google sign-in runs in a window of its own, never in a frame.
  frameSrc: ["'none'"],
  // The service worker, /sw.js, and the web app manifest, /manifest.webmanifest (decision 037).
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  // The forms post through fetch; a native submission may only go to the app.
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
});

/**
 * CSP_SOURCES with more origins for some directives (a payment gateway's script, frame and calls):
 * 'none' gives way to the origins added.
 */
export function cspSourcesWith(
  extra: Partial<Record<keyof CspSources, string[]>>,
  base: Readonly<CspSources> = CSP_SOURCES,
): Readonly<CspSources> {
  const merged = { ...base };
  for (const [name, origins] of Object.entries(extra) as [keyof CspSources, string[]][]) {
    if (origins.length === 0) continue;
    merged[name] = [...new Set([...base[name].filter((value) => value !== "'none'"), ...origins])];
  }
  return Object.freeze(merged);
}

/** What one HTML document needs beyond CSP_SOURCES: its inline blocks and its style nonce. */
export type InlineAllowances = { scriptHashes?: string[]; styleHashes?: string[]; styleNonce?: string };

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The Content-Security-Policy header value for CSP_SOURCES (or others) plus one document's inline allowances. */
export function contentSecurityPolicy(
  inline: InlineAllowances = {},
  sources: Readonly<CspSources> = CSP_SOURCES,
): string {
  const directives: CspSources = {
    ...sources,
    scriptSrc: [...sources.scriptSrc, ...(inline.scriptHashes ?? [])],
    styleSrc: [
      ...sources.styleSrc,
      ...(inline.styleHashes ?? []),
      ...(inline.styleNonce ? [`'nonce-${inline.styleNonce}'`] : []),
    ],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${kebab(name)} ${values.join(" ")}`)
    .join("; ");
}

/** A CSP hash source for one inline block's exact text. */
export function cspHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/**
 * The CSP hash sources of the inline <script> and <style> blocks of an HTML document. External
 * scripts (with src) are not inline and need no hash.
 */
export function inlineBlockHashes(html: string): { scriptHashes: string[]; styleHashes: string[] } {
  const hashes = (pattern: RegExp) => [...new Set([...html.matchAll(pattern)].map((match) => cspHash(match[1] ?? "")))];
  return {
    scriptHashes: hashes(/<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script\s*>/gi),
    styleHashes: hashes(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi),
  };
}

export const CSP_HEADER = "Content-Security-Policy";
const COOP_HEADER = "Cross-Origin-Opener-Policy";

/**
 * The pages the Google sign-in window goes through on the app's origin after Google's page: the
 * OAuth callback (a redirect), the auth error page and google-done.html. A window that comes from
 * a page without COOP (Google's) to one with `same-origin-allow-popups` is moved to a browsing
 * context group of its own, cut off from the app page that opened it: its postMessage report
 * would be lost. These pages hold nothing to protect and get `unsafe-none`.
 */
export function inSignInWindow(path: string): boolean {
  return path.startsWith("/api/auth/callback/") || path === "/api/auth/error" || path === GOOGLE_SIGN_IN.donePath;
}

/**
 * Sets the security headers on every response: API answers, errors, the SPA and its files, 404s.
 * A response that already carries a Content-Security-Policy (an HTML document with its own inline
 * allowances, from spa.ts) keeps it; every other response gets the policy of CSP_SOURCES alone.
 */
export function securityHeaders({
  production,
  sources = CSP_SOURCES,
}: {
  production: boolean;
  sources?: Readonly<CspSources>;
}): MiddlewareHandler {
  const basePolicy = contentSecurityPolicy({}, sources);
  const others = secureHeaders({
    // Without 'allow-popups' the Google sign-in window would be cut off from the page that opened it.
    crossOriginOpenerPolicy: "same-origin-allow-popups",
    crossOriginResourcePolicy: "same-origin",
    crossOriginEmbedderPolicy: false,
    originAgentCluster: "?1",
    referrerPolicy: "strict-origin-when-cross-origin",
    // Only behind HTTPS in production: on http://localhost it would pin the browser to HTTPS.
    strictTransportSecurity: production ? "max-age=31536000; includeSubDomains" : false,
    xContentTypeOptions: "nosniff",
    xFrameOptions: "DENY",
    xDnsPrefetchControl: "off",
    xPermittedCrossDomainPolicies: "none",
    // "0" turns off the old XSS auditors, which could be abused; the CSP does that work.
    xXssProtection: "0",
    xDownloadOptions: false,
    permissionsPolicy: {
      // "Detect my location" (spec §3): the app's own pages only, never a frame.
      geolocation: ["self"],
      // Payment stays denied: the Payment Request API is not used; Razorpay Checkout's frame
      // takes UPI, cards and net banking through its own pages.
      payment: [],
      camera: [],
      microphone: [],
      usb: [],
      serial: [],
      hid: [],
      bluetooth: [],
      midi: [],
      displayCapture: [],
      accelerometer: [],
      gyroscope: [],
      magnetometer: [],
      browsingTopics: [],
    },
    removePoweredBy: true,
    overwrite: false,
  });
  return async (c, next) => {
    // overwrite: false above keeps what is set here, after the handler and before the others.
    await others(c, async () => {
      await next();
      if (inSignInWindow(c.req.path)) c.res.headers.set(COOP_HEADER, "unsafe-none");
    });
    if (!c.res.headers.has(CSP_HEADER)) c.res.headers.set(CSP_HEADER, basePolicy);
  };
}
