import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { spaHandler } from "./spa.ts";

function builtSpa() {
  const root = mkdtempSync(join(tmpdir(), "mates-spa-"));
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "index.html"), `<!doctype html><title>Mates</title>${"<!-- padding -->".repeat(64)}`);
  writeFileSync(join(root, "assets", "main-abc123.js"), `console.log("mates");${" ".repeat(2000)}`);
  writeFileSync(join(root, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  writeFileSync(join(root, "sw.js"), `self.addEventListener("push", () => {});`);
  writeFileSync(join(root, "manifest.webmanifest"), `{"name":"Mates","start_url":"/"}`);
  const app = new Hono().get("*", spaHandler(root));
  return app;
}

describe("spaHandler", () => {
  const app = builtSpa();

  it("caches hashed assets for a year", async () => {
    const response = await app.request("/assets/main-abc123.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
  });

  it("has index.html fetched again on every visit, at / or at any app route, yet kept by the back/forward cache", async () => {
    for (const path of ["/", "/index.html", "/service/plumber", "/Payment"]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      // Not no-store: that keeps a page out of the back/forward cache. No validator: no reuse.
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-cache");
      expect(response.headers.get("ETag"), path).toBeNull();
      expect(await response.text(), path).toContain("<title>Mates</title>");
    }
  });

  it("has the service worker's script asked for again at every check for a release (decision 037)", async () => {
    const response = await app.request("/sw.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
    expect(response.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
  });

  it("serves the web app manifest as application/manifest+json", async () => {
    const response = await app.request("/manifest.webmanifest");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/manifest+json");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
  });

  it("answers a missing hashed asset with 404, not the app", async () => {
    const response = await app.request("/assets/gone-000.js");
    expect(response.status).toBe(404);
  });

  it("serves gzip to clients that accept it", async () => {
    const response = await app.request("/assets/main-abc123.js", { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toContain('console.log("mates")');
  });

  it("answers 304 to a matching ETag", async () => {
    const first = await app.request("/favicon.svg");
    const etag = first.headers.get("ETag") as string;
    const second = await app.request("/favicon.svg", { headers: { "If-None-Match": etag } });
    expect(second.status).toBe(304);
  });
});

describe("spaHandler without a build", () => {
  it("says how to build instead of failing obscurely", async () => {
    const app = new Hono().get("*", spaHandler(mkdtempSync(join(tmpdir(), "mates-empty-"))));
    const response = await app.request("/");
    expect(response.status).toBe(503);
    expect(await response.text()).toContain("npm run build");
  });
});
