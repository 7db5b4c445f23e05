import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { HOME_BUDGET_GZIP_BYTES, measureHomePage } from "./bundle-size.ts";

describe("the home page's payload", () => {
  it(`stays within ${HOME_BUDGET_GZIP_BYTES / 1000} KB of JavaScript and CSS, gzipped`, () => {
    const report = measureHomePage(join(import.meta.dirname, "..", "dist", "web"));
    expect(report.files.some((f) => f.file.endsWith(".js"))).toBe(true);
    expect(report.files.some((f) => f.file.endsWith(".css"))).toBe(true);
    expect(report.totalGzipBytes).toBeLessThanOrEqual(HOME_BUDGET_GZIP_BYTES);
  });
});
