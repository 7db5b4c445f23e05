import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COMPILE_ALL_HINT, customerFiles, dataBlockOf, START_UP_LIST_ID, type StartUpFiles } from "#domain/start-up.ts";
import {
  CATALOGS_BUDGET_GZIP_BYTES,
  HOME_BUDGET_GZIP_BYTES,
  LAZY_PAGE_BUDGET_GZIP_BYTES,
  measureHomePage,
  measureLanguages,
  measureLazyPages,
} from "./bundle-size.ts";

/** The production build these tests read (`npm test` builds it first). */
const dist = join(import.meta.dirname, "..", "dist", "web");

describe("the home page's payload", () => {
  it(`stays within ${HOME_BUDGET_GZIP_BYTES / 1000} KB of JavaScript and CSS, gzipped`, () => {
    const report = measureHomePage(dist);
    expect(report.files.some((f) => f.file.endsWith(".js"))).toBe(true);
    expect(report.files.some((f) => f.file.endsWith(".css"))).toBe(true);
    expect(report.totalGzipBytes).toBeLessThanOrEqual(HOME_BUDGET_GZIP_BYTES);
  });
});

describe("the home page in Hindi and Marathi (decision 071)", () => {
  it(`adds at most ${CATALOGS_BUDGET_GZIP_BYTES / 1000} KB of catalogs, gzipped; English adds none`, () => {
    const [english, ...others] = measureLanguages(dist);
    expect(english).toMatchObject({ locale: "en-IN", catalogFiles: 0 });
    expect(others.map((row) => row.locale)).toEqual(["hi-IN", "mr-IN"]);
    for (const row of others) {
      expect(row.catalogFiles).toBeGreaterThan(0);
      expect(row.catalogGzipBytes).toBeLessThanOrEqual(CATALOGS_BUDGET_GZIP_BYTES);
    }
  });
});

describe("every other page", () => {
  it(`brings at most ${LAZY_PAGE_BUDGET_GZIP_BYTES / 1000} KB of its own code, gzipped`, () => {
    const pages = measureLazyPages(dist);
    expect(pages.map((p) => p.page)).toEqual(
      expect.arrayContaining(["pages/profile-page.tsx", "pages/about-page.tsx"]),
    );
    expect(pages.every((p) => p.ownGzipBytes > 0)).toBe(true);
    expect(pages.filter((p) => p.ownGzipBytes > LAZY_PAGE_BUDGET_GZIP_BYTES)).toEqual([]);
  });
});

describe("V8's compile hint (decision 045)", () => {
  const index = readFileSync(join(dist, "index.html"), "utf8");
  const entry = dataBlockOf<StartUpFiles>(index, START_UP_LIST_ID).entry.replace(/^\//, "");
  const customers = customerFiles(index);
  const hinted = readdirSync(join(dist, "assets"))
    .filter((file) => file.endsWith(".js"))
    .map((file) => `assets/${file}`)
    .filter((file) => readFileSync(join(dist, file), "utf8").startsWith(`${COMPILE_ALL_HINT}\n`));

  it("opens the entry, with React's reconciler and the router", () => {
    expect(hinted).toContain(entry);
  });

  it("is in no chunk a customer never loads (the mate app's, the console's)", () => {
    expect(hinted.filter((file) => !customers.has(file))).toEqual([]);
  });
});

describe("the text's typeface (decision 046)", () => {
  const stylesheets = readdirSync(join(dist, "assets")).filter((file) => file.endsWith(".css"));
  const appFonts = stylesheets.flatMap((file) =>
    [...readFileSync(join(dist, "assets", file), "utf8").matchAll(/--font-sans:([^;}]*)/g)].map((m) => m[1]),
  );
  const splashFonts = [...readFileSync(join(dist, "index.html"), "utf8").matchAll(/font-family:([^;}]*)/g)].map(
    (m) => m[1],
  );

  it("is the system's, named first, in the app and on the splash", () => {
    expect(appFonts.length).toBeGreaterThan(0);
    expect(splashFonts.length).toBeGreaterThan(0);
    for (const stack of [...appFonts, ...splashFonts]) expect(stack?.trim()).toMatch(/^system-ui,/);
  });
});
