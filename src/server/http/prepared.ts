import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, gzip, gzipSync, constants as zlib } from "node:zlib";
import type { Context } from "hono";

/**
 * An answer made once and sent many times: its bytes, their compressed forms and an ETag. The
 * SPA's files, the catalogue and the sign-in methods are answered this way, so a request costs no
 * serialising, hashing or compressing.
 */
export type Prepared = {
  type: string;
  etag: string;
  identity: Buffer;
  gzip?: Buffer;
  br?: Buffer;
};

export const JSON_TYPE = "application/json";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Below this, compressing costs more than it saves. */
const WORTH_COMPRESSING = 512;

export function etagOf(bytes: Buffer): string {
  return `"${createHash("sha1").update(bytes).digest("base64url").slice(0, 20)}"`;
}

const GZIP = { level: 9 };
const brotliFor = (identity: Buffer) => ({
  params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length },
});

/** An answer's bytes and ETag, and whether they are worth compressing. */
function uncompressed(type: string, body: string | Buffer): { answer: Prepared; compress: boolean } {
  const identity = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  return { answer: { type, etag: etagOf(identity), identity }, compress: identity.length > WORTH_COMPRESSING };
}

/** Prepares an answer off the event loop (zlib's thread pool): rebuilding never stalls requests. */
export async function prepare(type: string, body: string | Buffer): Promise<Prepared> {
  const { answer, compress } = uncompressed(type, body);
  if (!compress) return answer;
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(answer.identity, GZIP),
    brotliAsync(answer.identity, brotliFor(answer.identity)),
  ]);
  return { ...answer, gzip: gzipped, br: brotli };
}

/**
 * Prepares an answer at once, on the event loop: for an answer made once as the app is built,
 * before it serves anything (the sign-in methods), never while it serves requests.
 */
export function prepareNow(type: string, body: string | Buffer): Prepared {
  const { answer, compress } = uncompressed(type, body);
  if (!compress) return answer;
  return {
    ...answer,
    gzip: gzipSync(answer.identity, GZIP),
    br: brotliCompressSync(answer.identity, brotliFor(answer.identity)),
  };
}

export function pickEncoding(
  answer: Pick<Prepared, "identity" | "gzip" | "br">,
  acceptEncoding: string,
): ["br" | "gzip" | undefined, Buffer] {
  if (answer.br && /\bbr\b/.test(acceptEncoding)) return ["br", answer.br];
  if (answer.gzip && /\bgzip\b/.test(acceptEncoding)) return ["gzip", answer.gzip];
  return [undefined, answer.identity];
}

const ENTITY_TAG = /(?:W\/)?("[^"]*")/g;

/**
 * Whether an If-None-Match header names this ETag (RFC 9110, 13.1.2): `*`, or a list of entity
 * tags compared weakly (`W/"x"` matches `"x"`), as a browser or a cache in between may send.
 */
export function noneMatchHits(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  for (const [, tag] of ifNoneMatch.matchAll(ENTITY_TAG)) if (tag === opaque) return true;
  return false;
}

/** What a request asks of a prepared answer: its method and the two headers that choose the reply. */
export type PreparedAsk = { method: string; ifNoneMatch: string | undefined; acceptEncoding: string | undefined };

/** A prepared answer's reply to one request: its status, headers and (unless HEAD or 304) body. */
export type PreparedReply = { status: 200 | 304; headers: Record<string, string>; body: Buffer | undefined };

/** 304 to a matching If-None-Match, else the best encoding the client takes (no body for HEAD). */
export function replyWith(answer: Prepared, cacheControl: string, ask: PreparedAsk): PreparedReply {
  // Lower case, as web-standard Headers (and so the app's other answers) put them on the wire.
  const headers: Record<string, string> = {
    "content-type": answer.type,
    "cache-control": cacheControl,
    etag: answer.etag,
    vary: "Accept-Encoding",
  };
  if (noneMatchHits(ask.ifNoneMatch, answer.etag)) return { status: 304, headers, body: undefined };
  const [encoding, body] = pickEncoding(answer, ask.acceptEncoding ?? "");
  if (encoding) headers["content-encoding"] = encoding;
  headers["content-length"] = String(body.length);
  return { status: 200, headers, body: ask.method === "HEAD" ? undefined : body };
}

/** Sends a prepared answer through Hono (see replyWith). */
export function sendPrepared(c: Context, answer: Prepared, cacheControl: string): Response {
  const { status, headers, body } = replyWith(answer, cacheControl, {
    method: c.req.method,
    ifNoneMatch: c.req.header("If-None-Match"),
    acceptEncoding: c.req.header("Accept-Encoding"),
  });
  if (!body) return c.body(null, status, headers);
  // A view of the same memory, not a copy (a Buffer never sits on a SharedArrayBuffer).
  return c.body(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), 200, headers);
}
