import { CSP_NONCE_META } from "#domain/csp.ts";

/**
 * What the app does to live under the server's Content-Security-Policy
 * (docs/decisions/014-security-headers.md). This module runs first in main.tsx.
 *
 * - Inline <style> elements pass only by hash or by the nonce of the response that served
 *   index.html. Radix's scroll lock and sonner's toasts insert <style> elements while the app runs;
 *   both give them the nonce found in the global `__webpack_nonce__` (sonner through a build step
 *   in vite.config.ts). Under `vite dev` there is no policy and no meta, and nothing is set.
 * - zod's probe for `new Function`, which the policy refuses, is switched off by an inline script
 *   in index.html that runs before any module (setting it here would put zod in the start-up bundle).
 */
const nonce = document.querySelector<HTMLMetaElement>(`meta[name="${CSP_NONCE_META}"]`)?.content;
if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
