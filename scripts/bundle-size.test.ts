import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  HOME_BUDGET_GZIP_BYTES,
  LAZY_PAGE_BUDGET_GZIP_BYTES,
  measureHomePage,
  measureLazyPages,
} from "./bundle-size.ts";

describe("the home page's payload", () => {
  it(`stays within ${HOME_BUDGET_GZIP_BYTES / 1000} KB of JavaScript and CSS, gzipped`, () => {
    const report = measureHomePage(join(import.meta.dirname, "..", "dist", "web"));
    expect(report.files.some((f) => f.file.endsWith(".js"))).toBe(true);
    expect(report.files.some((f) => f.file.endsWith(".css"))).toBe(true);
    expect(report.totalGzipBytes).toBeLessThanOrEqual(HOME_BUDGET_GZIP_BYTES);
  });
});

describe("every other page", () => {
  it(`brings at most ${LAZY_PAGE_BUDGET_GZIP_BYTES / 1000} KB of its own code, gzipped`, () => {
    const pages = measureLazyPages(join(import.meta.dirname, "..", "dist", "web"));
    expect(pages.map((p) => p.page)).toEqual(
      expect.arrayContaining(["pages/profile-page.tsx", "pages/about-page.tsx"]),
    );
    expect(pages.every((p) => p.ownGzipBytes > 0)).toBe(true);
    expect(pages.filter((p) => p.ownGzipBytes > LAZY_PAGE_BUDGET_GZIP_BYTES)).toEqual([]);
  });
});
