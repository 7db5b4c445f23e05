import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#server/testing/test-app.ts";

function builtWebRoot(): string {
  const root = mkdtempSync(join(tmpdir(), "mates-site-"));
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "index.html"), "<!doctype html><title>Mates</title><div id=root></div>");
  return root;
}

let t: TestApp;
const root = builtWebRoot();
beforeAll(async () => {
  t = await createTestApp({ webRoot: root });
});
afterAll(() => t.close());

describe("the web app's paths answer with a true status", () => {
  it("200 for the app's pages and for service pages that name a service of their group", async () => {
    for (const path of [
      "/",
      "/services",
      "/about",
      "/Payment",
      "/service/plumber",
      "/service/Home%20Painting",
      "/suboptions/deep-cleaning",
      "/renova/home-painting",
      "/nearkart/Bakery",
      "/nearkart/bakery",
      "/mate/jobs/anything",
    ]) {
      const response = await t.request(path);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain("<title>Mates</title>");
    }
  });

  it("the icon browsers ask for on their own is the SVG one", async () => {
    writeFileSync(join(root, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    const app = await createTestApp({ webRoot: root });
    try {
      const response = await app.request("/favicon.ico");
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/svg+xml");
    } finally {
      await app.close();
    }
  });

  it("404 for anything else, still with the app (which shows 'Page not found')", async () => {
    for (const path of ["/xyz", "/service/nope", "/renova/plumber", "/nearkart/home-painting", "/mate/unknown"]) {
      const response = await t.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain("<title>Mates</title>");
    }
  });
});

describe("/robots.txt and /sitemap.xml", () => {
  it("robots.txt keeps crawlers out of private pages and names the sitemap", async () => {
    const response = await t.request("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    expect(text).toContain("User-agent: *");
    for (const path of ["/profile", "/book", "/booking/", "/mate", "/reset-password"]) {
      expect(text).toContain(`Disallow: ${path}`);
    }
    expect(text).toMatch(/^Sitemap: http:\/\/\S+\/sitemap\.xml$/m);
  });

  it("sitemap.xml lists the public pages and every service on its group's page", async () => {
    const response = await t.request("/sitemap.xml");
    expect(response.status).toBe(200);
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toMatch(/<loc>http:\/\/[^<]+\/about<\/loc>/);
    expect(xml).toMatch(/<loc>http:\/\/[^<]+\/service\/plumber<\/loc>/);
    expect(xml).toMatch(/<loc>http:\/\/[^<]+\/nearkart\/Bakery<\/loc>/);
    expect(xml).toMatch(/<loc>http:\/\/[^<]+\/renova\/home-painting<\/loc>/);
    expect(xml).not.toContain("/profile");
    // Every listed page answers 200.
    for (const [, url] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const path = new URL(url ?? "").pathname;
      expect((await t.request(path)).status, path).toBe(200);
    }
  });
});
