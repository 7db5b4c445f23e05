import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import type { Handler } from "hono";
import { CSP_NONCE_META } from "#domain/csp.ts";
import { documentTitle, type PageMeta } from "#domain/page-meta.ts";
import { etagOf, noneMatchHits, pickEncoding } from "./prepared.ts";
import {
  CSP_HEADER,
  CSP_SOURCES,
  type CspSources,
  contentSecurityPolicy,
  inlineBlockHashes,
} from "./security-headers.ts";

/**
 * Serves the built SPA from memory: files are read and compressed once at start.
 * Hashed assets (/assets/*) are cached for a year; index.html is fetched again on every visit
 * (`no-cache`, and `private` for shared caches) but not `no-store`, which would keep the page out of
 * the browser's back/forward cache (decision 028); any other path that is not a file gets
 * index.html, so the browser router takes over.
 * Each HTML file carries its own Content-Security-Policy: the hashes of its inline blocks, and for
 * index.html a fresh style nonce per response, named in a <meta name="csp-nonce"> for the app's
 * runtime <style> elements (src/web/lib/csp.ts). Other headers: security-headers.ts.
 */

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json",
};

const compressible = new Set([".html", ".js", ".css", ".svg", ".json", ".webmanifest", ".txt", ".map"]);

type StaticFile = {
  type: string;
  etag: string;
  cacheControl: string;
  identity: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  /** HTML only: the CSP hash sources of its inline <script> and <style> blocks. */
  inline?: { scriptHashes: string[]; styleHashes: string[] };
};

/**
 * Paths browsers ask for on their own: the icon, which a page that is not HTML (a JSON answer)
 * cannot name, is the SVG one (any recent browser draws an SVG favicon whatever its path).
 */
const ALIASES: Record<string, string> = { "/favicon.ico": "/favicon.svg" };

const NEVER_CACHE = "no-store, max-age=0";
/** index.html holds nothing private, and a fresh nonce each time: always asked for again, never shared. */
const ALWAYS_REVALIDATE = "private, no-cache";
const ONE_YEAR = "public, max-age=31536000, immutable";
const ONE_HOUR = "public, max-age=3600";
/**
 * The service worker's script (decision 037): asked for again whenever the browser checks for a new
 * release, so a release reaches every open app at its next check, never an hour later.
 */
const SERVICE_WORKER_SCRIPT = "/sw.js";

function cacheControlOf(urlPath: string): string {
  if (urlPath === "/index.html") return ALWAYS_REVALIDATE;
  if (urlPath === SERVICE_WORKER_SCRIPT) return "no-cache";
  return urlPath.startsWith("/assets/") ? ONE_YEAR : ONE_HOUR;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

function load(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const path of walk(root)) {
    const urlPath = `/${relative(root, path).split(sep).join("/")}`;
    const ext = extname(path);
    const identity = readFileSync(path);
    const worthCompressing = compressible.has(ext) && identity.length > 512;
    files.set(urlPath, {
      type: types[ext] ?? "application/octet-stream",
      etag: etagOf(identity),
      cacheControl: cacheControlOf(urlPath),
      identity,
      ...(worthCompressing ? { gzip: gzipSync(identity, { level: 9 }), br: brotliCompressSync(identity) } : {}),
      ...(ext === ".html" ? { inline: inlineBlockHashes(identity.toString("utf8")) } : {}),
    });
  }
  return files;
}

function htmlEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * index.html for one response: a new nonce in its <meta name="csp-nonce">, so its policy differs
 * per response too, and the page's own title and description when it has them. It is a few
 * kilobytes and never served from a cache, so it is compressed here, quickly.
 */
function indexFor(index: StaticFile, nonce: string, meta: PageMeta | undefined): StaticFile {
  let html = index.identity
    .toString("utf8")
    .replace(/<head\b[^>]*>/i, (head) => `${head}\n    <meta name="${CSP_NONCE_META}" content="${nonce}" />`);
  if (meta) {
    html = html
      .replace(/<title>[^<]*<\/title>/i, () => `<title>${htmlEscape(documentTitle(meta.title))}</title>`)
      .replace(
        /<meta name="description" content="[^"]*"/i,
        () => `<meta name="description" content="${htmlEscape(meta.description)}"`,
      );
  }
  const identity = Buffer.from(html, "utf8");
  return {
    ...index,
    identity,
    gzip: gzipSync(identity, { level: 6 }),
    br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
  };
}

/**
 * What the server knows of a path that is not a file (index.html is answered either way, and the
 * app shows its "Page not found"): its status, 404 for what the app does not know, so crawlers and
 * tools see it; and, for a public page, its title and description.
 */
export type PageAnswer = { status: 200 | 404; meta?: PageMeta };

export function spaHandler(
  root: string,
  pageOf: (path: string) => Promise<PageAnswer> = async () => ({ status: 200 }),
  sources: Readonly<CspSources> = CSP_SOURCES,
): Handler {
  if (!existsSync(join(root, "index.html"))) {
    return (c) =>
      c.text("The web app has not been built yet. Run `npm run build` (npm start does it for you).", 503, {
        "Cache-Control": NEVER_CACHE,
      });
  }
  const files = load(root);
  const index = files.get("/index.html") as StaticFile;

  return async (c) => {
    let path = c.req.path;
    try {
      path = decodeURIComponent(path);
    } catch {
      // a malformed escape cannot name a file: fall through to index.html
    }
    const hit = path !== "/index.html" ? files.get(ALIASES[path] ?? path) : undefined;
    // A missing hashed asset is a real 404: answering index.html would be parsed as a script.
    if (!hit && path.startsWith("/assets/")) {
      return c.text("Not found", 404, { "Cache-Control": NEVER_CACHE });
    }
    const page = hit ? undefined : await pageOf(c.req.path);
    const status = page?.status ?? 200;
    const styleNonce = hit ? undefined : randomBytes(16).toString("base64");
    const file = styleNonce ? indexFor(index, styleNonce, page?.meta) : (hit as StaticFile);
    const headers: Record<string, string> = {
      "Content-Type": file.type,
      "Cache-Control": file.cacheControl,
      Vary: "Accept-Encoding",
    };
    // index.html differs per response (its nonce): no ETag, so a browser can only fetch it again.
    if (!styleNonce) headers.ETag = file.etag;
    if (file.inline) {
      headers[CSP_HEADER] = contentSecurityPolicy({ ...file.inline, ...(styleNonce ? { styleNonce } : {}) }, sources);
    }
    if (!styleNonce && noneMatchHits(c.req.header("If-None-Match"), file.etag)) {
      return c.body(null, 304, headers);
    }
    const [encoding, body] = pickEncoding(file, c.req.header("Accept-Encoding") ?? "");
    if (encoding) headers["Content-Encoding"] = encoding;
    headers["Content-Length"] = String(body.length);
    if (c.req.method === "HEAD") return c.body(null, status, headers);
    return c.body(new Uint8Array(body), status, headers);
  };
}
