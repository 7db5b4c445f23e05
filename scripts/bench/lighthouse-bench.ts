/**
 * The first screen (issue 15, goal 3): Lighthouse 13 on `/`, a service page, `/cart` and `/about`,
 * mobile (Lighthouse's default: a mid-range phone on slow 4G, CPU slowed 4×) and desktop, against
 * the production build served by the product (`node src/server/main.ts`, embedded PGlite), in the
 * system's Chromium (`CHROME_PATH`, default /usr/bin/chromium), headless. The splash is never hidden
 * from the tool: it is what a person sees first.
 *
 *   npm run build && npm run bench -- lighthouse
 *   node scripts/bench/lighthouse-bench.ts --pages=/,/about --form=mobile
 *
 * Figures are printed, never asserted; docs/benchmarks.md keeps them.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { launch } from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { waitFor } from "./wait-for.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const PAGES = option("pages")?.split(",") ?? ["/", "/service/deep-cleaning", "/cart", "/about"];
const FORMS = (option("form")?.split(",") ?? ["mobile", "desktop"]) as ("mobile" | "desktop")[];
const PORT = 3931;
const ORIGIN = `http://127.0.0.1:${PORT}`;

if (!existsSync(join(root, "dist", "web", "index.html"))) {
  process.stderr.write("The web app is not built: run `npm run build` first.\n");
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), "mates-lighthouse-"));
const server: ChildProcess = spawn(process.execPath, ["src/server/main.ts"], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, PORT: String(PORT), APP_ORIGIN: ORIGIN, DATA_DIR: dataDir, NOMINATIM_URL: "off" },
});
const chrome = await launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
});

const ms = (value: number | undefined) =>
  value === undefined ? "–" : `${Math.round(value).toLocaleString("en-US")} ms`;
const score = (value: number | null | undefined) =>
  value === null || value === undefined ? "–" : Math.round(value * 100);

const below: string[] = [];
try {
  await waitFor(`${ORIGIN}/api/health`);
  process.stdout.write(
    "\n| page | form | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | speed index |\n|---|---|---|---|---|---|---|---|---|---|---|\n",
  );
  for (const form of FORMS) {
    for (const page of PAGES) {
      const result = await lighthouse(
        `${ORIGIN}${page}`,
        { port: chrome.port, output: "json", logLevel: "error" },
        form === "desktop" ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
      const { categories, audits } = result.lhr;
      const value = (id: string) => audits[id]?.numericValue;
      process.stdout.write(
        `| \`${page}\` | ${form} | ${score(categories.performance?.score)} | ${score(categories.accessibility?.score)} | ${score(categories["best-practices"]?.score)} | ${score(categories.seo?.score)} | ${ms(value("first-contentful-paint"))} | ${ms(value("largest-contentful-paint"))} | ${ms(value("total-blocking-time"))} | ${(value("cumulative-layout-shift") ?? 0).toFixed(3)} | ${ms(value("speed-index"))} |\n`,
      );
      const failing = Object.values(audits)
        .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative")
        .map((audit) => audit.id);
      if (failing.length > 0) below.push(`- \`${page}\` ${form}: ${failing.join(", ")}`);
    }
  }
  process.stdout.write(`\nAudits scoring below 0.9:\n${below.join("\n")}\n`);
} finally {
  chrome.kill();
  server.kill("SIGTERM");
  await new Promise((done) => server.once("exit", done));
  rmSync(dataDir, { recursive: true, force: true });
}
