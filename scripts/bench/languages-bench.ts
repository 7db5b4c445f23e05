/**
 * The home page in each language (issue 40, decision 071), in one run:
 * - its payload, gzipped (`node scripts/bundle-size.ts --languages`, `measureLanguages`): English is
 *   what `npm run build` measures; Hindi and Marathi add the catalogs the first screen loads. Their
 *   budget: 15 KB gzip each for the customer's part;
 * - Lighthouse 13 mobile (a mid-range phone on slow 4G, CPU slowed 4×) on `/` in each language,
 *   against the production build served by the product, in the system's Chromium. The language is
 *   the device's choice (`matesLanguage` in localStorage), written before Lighthouse loads the page:
 *   Lighthouse's own reset clears the service worker, caches and the HTTP cache, not localStorage.
 *
 *   npm run build && npm run bench -- languages
 *   node scripts/bench/languages-bench.ts --runs=3
 *
 * `--runs=N` measures each language N times and reports the run with the median performance score.
 * Figures are printed, never asserted; docs/benchmarks.md keeps them.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import { LANGUAGE_STORAGE_KEY, LOCALES, type Locale } from "#domain/i18n/locales.ts";
import { launchChrome, ms, type Report, score } from "./lighthouse-chrome.ts";
import { startProduct, stopProduct } from "./product-server.ts";
import { waitFor } from "./wait-for.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const RUNS = Number(option("runs") ?? 1);

if (!existsSync(join(root, "dist", "web", ".vite", "manifest.json"))) {
  process.stderr.write("No build: run `npm run build` (or `npx vite build`) first.\n");
  process.exit(1);
}
process.stdout.write("\nThe home page's payload in each language:\n\n");
spawnSync(process.execPath, [join(root, "scripts", "bundle-size.ts"), "--languages"], { stdio: "inherit" });

const product = startProduct("this checkout", root, 3933);
const chrome = await launchChrome();

try {
  await waitFor(`${product.origin}/api/health`);
  // The same browser as Lighthouse's: the language is written into its profile for the origin.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const setLanguage = async (locale: Locale) => {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${product.origin}/api/health`);
    await page.evaluate(
      ({ key, value }) => (value === null ? localStorage.removeItem(key) : localStorage.setItem(key, value)),
      { key: LANGUAGE_STORAGE_KEY, value: locale === "en-IN" ? null : locale },
    );
    await page.close();
  };
  process.stdout.write(
    "\nLighthouse mobile on `/` (the last columns, from its network log, show the language was the page's):\n\n| language | performance | FCP | LCP | TBT | CLS | speed index | catalog files | font files |\n|---|---|---|---|---|---|---|---|---|\n",
  );
  for (const locale of LOCALES) {
    const reports: Report[] = [];
    for (let run = 0; run < RUNS; run++) {
      await setLanguage(locale);
      const result = await lighthouse(`${product.origin}/`, { port: chrome.port, output: "json", logLevel: "error" });
      if (!result) throw new Error(`Lighthouse gave no result for / in ${locale}`);
      reports.push(result.lhr);
    }
    reports.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const { categories, audits } = reports[Math.floor(reports.length / 2)] as Report;
    const value = (id: string) => audits[id]?.numericValue;
    const requested = (
      (audits["network-requests"]?.details as { items?: { url: string }[] } | undefined)?.items ?? []
    ).map((item) => new URL(item.url).pathname);
    const catalogs = requested.filter((path) => path.startsWith(`/assets/${locale}-`)).length;
    const fonts = requested.filter((path) => path.endsWith(".woff2")).length;
    process.stdout.write(
      `| ${locale} | ${score(categories.performance?.score)} | ${ms(value("first-contentful-paint"))} | ${ms(value("largest-contentful-paint"))} | ${ms(value("total-blocking-time"))} | ${(value("cumulative-layout-shift") ?? 0).toFixed(3)} | ${ms(value("speed-index"))} | ${catalogs} | ${fonts} |\n`,
    );
  }
  await browser.close();
} finally {
  chrome.kill();
  await stopProduct(product);
}
