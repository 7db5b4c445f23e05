/**
 * The first screen (issue 15, goal 3): Lighthouse 13 on `/`, a service page, `/cart` and `/about`,
 * mobile (Lighthouse's default: a mid-range phone on slow 4G, CPU slowed 4×) and desktop, against
 * the production build served by the product (`node src/server/main.ts`, embedded PGlite), in the
 * system's Chromium (`CHROME_PATH`, default /usr/bin/chromium), headless. The splash is never hidden
 * from the tool: it is what a person sees first.
 *
 *   npm run build && npm run bench -- lighthouse
 *   node scripts/bench/lighthouse-bench.ts --pages=/,/about --form=mobile
 *   node scripts/bench/lighthouse-bench.ts --reports=/tmp/lh   # also keeps each run's full report (JSON)
 *   node scripts/bench/lighthouse-bench.ts --before=../before --runs=3
 *
 * `--before` also serves an older checkout's build (run `npm run build` there first), each page
 * measured on both, one after the other, so a change is compared on the same machine in the same
 * minute. `--runs=N` measures each page N times and reports the run with the median performance
 * score (Lighthouse's own advice: single runs vary by several points), and beside it every run's
 * total blocking time, which varies most on a shared machine.
 *
 * Figures are printed, never asserted; docs/benchmarks.md keeps them.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import lighthouse, { desktopConfig } from "lighthouse";
import { launchChrome, ms, type Report, score } from "./lighthouse-chrome.ts";
import { startProduct, stopProduct } from "./product-server.ts";
import { waitFor } from "./wait-for.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const PAGES = option("pages")?.split(",") ?? ["/", "/service/deep-cleaning", "/cart", "/about"];
const FORMS = (option("form")?.split(",") ?? ["mobile", "desktop"]) as ("mobile" | "desktop")[];
const REPORTS = option("reports");
const BEFORE = option("before");
const RUNS = Number(option("runs") ?? 1);

const products = [startProduct("this checkout", root, 3931)];
if (BEFORE) products.unshift(startProduct(`before (${BEFORE})`, resolve(BEFORE), 3932));
const chrome = await launchChrome();

/** The run with the median performance score, and every run's total blocking time, sorted. */
async function measure(url: string, form: "mobile" | "desktop"): Promise<{ report: Report; blocking: number[] }> {
  const reports: Report[] = [];
  for (let run = 0; run < RUNS; run++) {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: "json", logLevel: "error" },
      form === "desktop" ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    reports.push(result.lhr);
  }
  const blocking = reports
    .map((report) => report.audits["total-blocking-time"]?.numericValue ?? 0)
    .sort((a, b) => a - b);
  reports.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
  return { report: reports[Math.floor(reports.length / 2)] as Report, blocking };
}

const below: string[] = [];
try {
  for (const product of products) await waitFor(`${product.origin}/api/health`);
  const productColumn = products.length > 1 ? "code | " : "";
  process.stdout.write(
    `\n| page | form | ${productColumn}performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | speed index |${RUNS > 1 ? " TBT, each run |" : ""}\n|---|---|${products.length > 1 ? "---|" : ""}---|---|---|---|---|---|---|---|---|${RUNS > 1 ? "---|" : ""}\n`,
  );
  for (const form of FORMS) {
    for (const page of PAGES) {
      for (const product of products) {
        const { report, blocking } = await measure(`${product.origin}${page}`, form);
        const { categories, audits } = report;
        if (REPORTS) {
          mkdirSync(REPORTS, { recursive: true });
          const name = `${products.length > 1 && product !== products.at(-1) ? "before-" : ""}${form}${page.replaceAll("/", "_")}.json`;
          writeFileSync(join(REPORTS, name), JSON.stringify({ categories, audits }, null, 1));
        }
        const value = (id: string) => audits[id]?.numericValue;
        const code = products.length > 1 ? `${product.label} | ` : "";
        process.stdout.write(
          `| \`${page}\` | ${form} | ${code}${score(categories.performance?.score)} | ${score(categories.accessibility?.score)} | ${score(categories["best-practices"]?.score)} | ${score(categories.seo?.score)} | ${ms(value("first-contentful-paint"))} | ${ms(value("largest-contentful-paint"))} | ${ms(value("total-blocking-time"))} | ${(value("cumulative-layout-shift") ?? 0).toFixed(3)} | ${ms(value("speed-index"))} |${RUNS > 1 ? ` ${blocking.map((tbt) => Math.round(tbt)).join(", ")} |` : ""}\n`,
        );
        if (product !== products.at(-1)) continue;
        const failing = Object.values(audits)
          .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative")
          .map((audit) => audit.id);
        if (failing.length > 0) below.push(`- \`${page}\` ${form}: ${failing.join(", ")}`);
      }
    }
  }
  process.stdout.write(`\nAudits of this checkout scoring below 0.9:\n${below.join("\n")}\n`);
} finally {
  chrome.kill();
  for (const product of products) await stopProduct(product);
}
