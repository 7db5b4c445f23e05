import { CSP_NONCE_META } from "#domain/csp.ts";

/**
 * The server's Content-Security-Policy admits inline <style> elements only by hash or by the
 * nonce of the response that served index.html (docs/decisions/014-security-headers.md). Radix's
 * scroll lock and sonner's toasts insert <style> elements while the app runs; both give them the
 * nonce found in the global `__webpack_nonce__` (sonner through a build step in vite.config.ts).
 * This module runs first in main.tsx, before any of them. Under `vite dev` there is no policy and
 * no meta, and nothing happens.
 */
const nonce = document.querySelector<HTMLMetaElement>(`meta[name="${CSP_NONCE_META}"]`)?.content;
if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
