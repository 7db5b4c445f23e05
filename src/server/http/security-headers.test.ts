import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { CSP_SOURCES, contentSecurityPolicy } from "./security-headers.ts";

/** A built web app in miniature: index.html with an inline style and script, an asset, a second page. */
const SPLASH_STYLE = "#splash{color:#fff}";
const INLINE_SCRIPT = 'document.documentElement.dataset.ready="1";';
const DONE_SCRIPT = "window.close();";

function builtWebRoot(): string {
  const root = mkdtempSync(join(tmpdir(), "mates-csp-"));
  mkdirSync(join(root, "assets"));
  mkdirSync(join(root, "auth"));
  writeFileSync(
    join(root, "index.html"),
    `<!doctype html><html><head><style>${SPLASH_STYLE}</style><script type="module" src="/assets/main-abc.js"></script></head><body><div id="root"></div><script>${INLINE_SCRIPT}</script></body></html>`,
  );
  writeFileSync(join(root, "assets", "main-abc.js"), 'console.log("mates");');
  writeFileSync(join(root, "auth", "done.html"), `<!doctype html><title>Done</title><script>${DONE_SCRIPT}</script>`);
  writeFileSync(join(root, "auth", "google-done.html"), "<!doctype html><title>Google sign-in</title>");
  return root;
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null): Map<string, string[]> {
  expect(header, "Content-Security-Policy").toBeTruthy();
  return new Map(
    (header ?? "").split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
}

/** The headers every response carries, in every environment. */
function expectCommonHeaders(response: Response) {
  const h = response.headers;
  expect(h.get("X-Content-Type-Options")).toBe("nosniff");
  expect(h.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  expect(h.get("Cross-Origin-Opener-Policy")).toBe("same-origin-allow-popups");
  expect(h.get("X-Frame-Options")).toBe("DENY");
  const permissions = h.get("Permissions-Policy") ?? "";
  expect(permissions).toContain("geolocation=(self)");
  for (const denied of ["camera", "microphone", "payment"]) expect(permissions).toContain(`${denied}=()`);
  const csp = directives(h.get("Content-Security-Policy"));
  expect(csp.get("default-src")).toEqual(["'self'"]);
  expect(csp.get("connect-src")).toEqual(["'self'"]);
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  expect(csp.get("object-src")).toEqual(["'none'"]);
  expect(csp.get("base-uri")).toEqual(["'self'"]);
  expect(csp.get("form-action")).toEqual(["'self'"]);
  // The service worker (/sw.js) and the web app manifest are the app's own files (decision 037).
  expect(csp.get("worker-src")).toEqual(["'self'"]);
  expect(csp.get("manifest-src")).toEqual(["'self'"]);
  for (const directive of ["script-src", "style-src"]) {
    expect(csp.get(directive), directive).toContain("'self'");
    expect(csp.get(directive), directive).not.toContain("'unsafe-inline'");
    expect(csp.get(directive), directive).not.toContain("'unsafe-eval'");
  }
}

describe("security headers, NODE_ENV=test", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webRoot: builtWebRoot() });
  });
  afterAll(() => t.close());

  it("are on an API answer, with no HSTS outside production", async () => {
    const response = await t.request("/api/services");
    expect(response.status).toBe(200);
    expectCommonHeaders(response);
    expect(response.headers.get("Content-Security-Policy")).toBe(contentSecurityPolicy());
    expect(response.headers.has("Strict-Transport-Security")).toBe(false);
  });

  it("are on an API error and on an unknown API route", async () => {
    const refused = await t.request("/api/cart");
    expect(refused.status).toBe(401);
    expectCommonHeaders(refused);
    const missing = await t.request("/api/no-such-thing");
    expect(missing.status).toBe(404);
    expectCommonHeaders(missing);
    const badInput = await t.request("/api/auth/sign-in/email", { method: "POST", body: "{not json" });
    expect(badInput.status).toBeGreaterThanOrEqual(400);
    expect(badInput.status).toBeLessThan(500);
    expectCommonHeaders(badInput);
  });

  it("are on a request refused for its origin", async () => {
    const response = await t.request("/api/cart", { method: "PUT", headers: { origin: "https://evil.test" } });
    expect(response.status).toBe(403);
    expectCommonHeaders(response);
  });

  it("give index.html the hashes of its inline blocks and a fresh style nonce in its meta", async () => {
    const seen = new Set<string>();
    for (const path of ["/", "/service/plumber"]) {
      const response = await t.request(path);
      expect(response.status).toBe(200);
      expectCommonHeaders(response);
      const html = await response.text();
      const nonce = /<meta name="csp-nonce" content="([^"]+)"/.exec(html)?.[1];
      expect(nonce, "the nonce meta").toBeTruthy();
      seen.add(nonce as string);
      const csp = directives(response.headers.get("Content-Security-Policy"));
      expect(csp.get("script-src")).toEqual(["'self'", sha256(INLINE_SCRIPT)]);
      expect(csp.get("style-src")).toEqual(["'self'", sha256(SPLASH_STYLE), `'nonce-${nonce}'`]);
    }
    expect(seen.size, "one nonce per response").toBe(2);
  });

  it("give another HTML page the hashes of its own inline blocks, not index.html's", async () => {
    const response = await t.request("/auth/done.html");
    expect(response.status).toBe(200);
    expectCommonHeaders(response);
    const csp = directives(response.headers.get("Content-Security-Policy"));
    expect(csp.get("script-src")).toEqual(["'self'", sha256(DONE_SCRIPT)]);
    expect(csp.get("style-src")).toEqual(["'self'"]);
  });

  it("leave the Google sign-in window's own pages joined to the app page that opened it", async () => {
    const done = await t.request("/auth/google-done.html?error=access_denied");
    const callback = await t.request("/api/auth/callback/google?state=unknown&code=x");
    for (const response of [done, callback]) {
      expect(response.status).toBeLessThan(500);
      expect(response.headers.get("Cross-Origin-Opener-Policy")).toBe("unsafe-none");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    }
  });

  it("are on a static asset and on a missing asset", async () => {
    const asset = await t.request("/assets/main-abc.js");
    expect(asset.status).toBe(200);
    expectCommonHeaders(asset);
    expect(asset.headers.get("Content-Security-Policy")).toBe(contentSecurityPolicy());
    const missing = await t.request("/assets/gone-000.js");
    expect(missing.status).toBe(404);
    expectCommonHeaders(missing);
  });
});

describe("security headers, NODE_ENV=production", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        NODE_ENV: "production",
        AUTH_SECRET: "a-production-secret-of-at-least-32-characters",
        SELLER_GSTIN: "27AABCM1234F1ZX",
        VAPID_PUBLIC_KEY: "BCjuaG1EVcjgwWZjV4MAfEjfRL5IdG6er2cBVjs8dFejfMYsfySnenvKrb8VRdOUjHbJl42ZDPQL8DGSH5SzTWs",
        VAPID_PRIVATE_KEY: "WGkQJ-JxO5_6ZNFE4_TOeY9-R1fLq2bFUtbaVGBE-QM",
      },
      webRoot: builtWebRoot(),
    });
  });
  afterAll(() => t.close());

  it("add Strict-Transport-Security to API answers and pages", async () => {
    for (const path of ["/api/services", "/api/no-such-thing", "/", "/assets/main-abc.js"]) {
      const response = await t.request(path);
      expectCommonHeaders(response);
      expect(response.headers.get("Strict-Transport-Security"), path).toBe("max-age=31536000; includeSubDomains");
    }
  });
});

describe("contentSecurityPolicy", () => {
  it("takes a new source in one place", () => {
    const policy = contentSecurityPolicy(
      { scriptHashes: ["'sha256-abc'"] },
      { ...CSP_SOURCES, scriptSrc: [...CSP_SOURCES.scriptSrc, "https://checkout.example"] },
    );
    expect(directives(policy).get("script-src")).toEqual(["'self'", "https://checkout.example", "'sha256-abc'"]);
  });
});
