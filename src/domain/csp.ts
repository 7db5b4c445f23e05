/**
 * The name of the <meta> in which the server hands index.html's per-response style nonce to the
 * app (src/server/http/spa.ts writes it, src/web/lib/csp.ts reads it).
 */
export const CSP_NONCE_META = "csp-nonce";
