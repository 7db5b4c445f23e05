import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Catalogue } from "#domain/catalogue.ts";
import { documentTitle, HOME_PAGE_META } from "#domain/page-meta.ts";
import { PUBLIC_PAGE_META, serviceMeta } from "#domain/page-meta-public.ts";
import { findService } from "#domain/service-lookup.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";

function builtWebRoot(): string {
  const root = mkdtempSync(join(tmpdir(), "mates-site-"));
  mkdirSync(join(root, "assets"));
  writeFileSync(
    join(root, "index.html"),
    '<!doctype html><meta name="description" content="The site."><title>Mates</title><div id=root></div>',
  );
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
      expect(await response.text(), path).toContain("<div id=root>");
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

describe("a page's title and description in the HTML of its first load", () => {
  const head = async (path: string) => {
    const html = await (await t.request(path)).text();
    return {
      title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
      description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
    };
  };
  const unescaped = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");

  it("the public pages have their own, the same the page sets (#domain/page-meta.ts)", async () => {
    expect(await head("/")).toEqual({
      title: documentTitle(HOME_PAGE_META.title),
      description: HOME_PAGE_META.description,
    });
    const about = await head("/about");
    expect(about.title).toBe("About · Mates");
    expect(unescaped(about.description ?? "")).toBe(PUBLIC_PAGE_META.about.description);
    expect((await head("/festivals")).title).toBe("Festivals · Mates");
  });

  it("a service page has the service's title and the start of its description, a group's page its group", async () => {
    const catalogue = (await (await t.request("/api/services")).json()) as Catalogue;
    const plumber = findService(catalogue, "plumber");
    const painting = findService(catalogue, "home-painting", "Renova");
    if (!plumber || !painting) throw new Error("the seed catalogue has no plumber or Renova home painting");
    const page = await head("/service/plumber");
    expect(page.title).toBe(`${plumber.title} · Mates`);
    expect(unescaped(page.description ?? "")).toBe(serviceMeta(plumber).description);
    expect(page.description?.length).toBeLessThanOrEqual(170);
    expect((await head("/renova/home-painting")).title).toBe(`${painting.title} · Renova · Mates`);
  });

  it("private pages and unknown paths keep the site's own", async () => {
    for (const path of ["/cart", "/profile", "/book/address", "/xyz", "/service/nope"]) {
      expect(await head(path), path).toEqual({ title: "Mates", description: "The site." });
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
