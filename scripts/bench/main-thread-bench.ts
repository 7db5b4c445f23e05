/**
 * Start-up's work on the main thread, in the main thread's own CPU time (issue 15, goal 3; decision
 * record 045). Each build is served by the product on a fresh embedded database, and each page is
 * loaded in the system's Chromium with a phone's viewport, builds taken in turn, so that the
 * machine's drift falls on every build alike. Chromium's trace records, for every task, both its
 * wall time and the CPU time its thread had (`tdur`). On a shared machine the wall time of the same
 * task varies two- or threefold from run to run; the thread's CPU time far less, which is what lets a
 * change of a few tens of milliseconds show. The CPU is not slowed: compare builds with each other,
 * not with Lighthouse's phone. The page's inspector is in Lighthouse's state (`as-lighthouse.ts`):
 * figures before 2026-11-26's sixth session counted 20–35 ms of module evaluation that only
 * Playwright's inspector caused.
 *
 *   npm run build && node scripts/bench/main-thread-bench.ts                 # this checkout alone
 *   node scripts/bench/main-thread-bench.ts --builds=../before,. --runs=10   # two checkouts in turn
 *   node scripts/bench/main-thread-bench.ts --pages=/,/service/deep-cleaning
 *   node scripts/bench/main-thread-bench.ts --inspector=playwright            # without as-lighthouse.ts
 *
 * Per build and page, the medians (and the least) over the runs, from the first contentful paint
 * for five seconds (the splash's 4.2 s and a little after):
 * - "main thread": the CPU time of every task;
 * - "modules": of the tasks that evaluate modules (the entry with its imports, then each lazy chunk);
 * - "router's task": the timer task main.tsx makes the router in;
 * - "over 12.5 ms": each task's CPU time above 12.5 ms, times four, summed: Lighthouse's phone
 *   multiplies every task by four and counts what a task has over 50 ms as blocking time;
 * - "the same in wall time": as Lighthouse reads it, from each task's wall time, which also holds
 *   the time the thread waited (for another process, or for a core this machine's other processes
 *   had);
 * - "font lookups": from the navigation on, how many times the main thread asked the browser for a
 *   font (a family matched by name, a size's rendering settings, a fallback for a character), and
 *   the wall time its font lookups took (decision 046). The renderer waits for each answer: that
 *   time is not the thread's CPU time, so the columns before do not see it, but its tasks last that
 *   much longer, and Lighthouse multiplies their wall time. Linux's font service names the calls.
 *
 * Figures are printed, never asserted; docs/benchmarks.md keeps them.
 */
import { resolve } from "node:path";
import { chromium } from "@playwright/test";
import { inspectLikeLighthouse } from "./as-lighthouse.ts";
import { type Product, startProduct, stopProduct } from "./product-server.ts";
import { waitFor } from "./wait-for.ts";

const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const BUILDS = (option("builds") ?? ".").split(",");
const PAGES = option("pages")?.split(",") ?? ["/", "/service/deep-cleaning"];
const RUNS = Number(option("runs") ?? 8);
/** "lighthouse" (the default) or "playwright": the inspector as Playwright leaves it, to show its cost. */
const INSPECTOR = option("inspector") ?? "lighthouse";
if (INSPECTOR !== "lighthouse" && INSPECTOR !== "playwright")
  throw new Error(`--inspector=${INSPECTOR}: lighthouse or playwright`);
const WATCH_MS = 5000;
/** Lighthouse's slowdown of the CPU on its phone, and the length over which a task blocks. */
const SLOWDOWN = 4;
const LONG_MS = 50;

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; frame?: string; data?: { url?: string } };
};
type Figures = {
  mainThread: number;
  modules: number;
  router: number;
  overLong: number;
  overLongWall: number;
  fontCalls: number;
  fontWall: number;
};
/** The renderer's synchronous calls to the browser's font service on Linux. */
const FONT_CALLS = new Set([
  "FontDataManager::onMatchFamilyStyle",
  "WebSandboxSupportLinux::GetWebFontRenderStyleForStrike",
  "WebSandboxSupportLinux::GetFallbackFontForCharacter",
]);
/** The font cache's own lookups, which make those calls when they miss. */
const FONT_LOOKUPS = new Set(["FontCache::GetFontPlatformData", "FontCache::FallbackFontForCharacter"]);

async function load(browser: import("@playwright/test").Browser, url: string): Promise<Figures> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    if (INSPECTOR === "lighthouse") await inspectLikeLighthouse(page);
    await browser.startTracing(page, {
      categories: ["blink.user_timing", "devtools.timeline", "disabled-by-default-devtools.timeline", "fonts"],
    });
    await page.goto(url);
    await page.waitForTimeout(WATCH_MS);
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    const paint = events.find((e) => e.name === "firstContentfulPaint");
    if (!paint) throw new Error(`${url}: the trace has no first paint`);
    const main = events.find(
      (e) => e.pid === paint.pid && e.name === "thread_name" && e.args?.name === "CrRendererMain",
    );
    if (!main) throw new Error(`${url}: the trace has no main thread for the page`);
    const onMain = events
      .filter((e) => e.pid === paint.pid && e.tid === main.tid && e.ph === "X")
      .sort((a, b) => a.ts - b.ts);
    const tasks = onMain.filter((e) => e.name === "RunTask" && e.ts >= paint.ts);
    const within = (task: TraceEvent, test: (event: TraceEvent) => boolean) =>
      onMain.some((e) => e.ts >= task.ts && e.ts <= task.ts + (task.dur ?? 0) && test(e));
    const cpu = (task: TraceEvent) => (task.tdur ?? 0) / 1000;
    const sum = (list: TraceEvent[], of: (task: TraceEvent) => number) => list.reduce((total, t) => total + of(t), 0);
    // A lookup may make another (a fallback looks its font up by name): only the outermost count.
    const lookups = onMain.filter((e) => FONT_LOOKUPS.has(e.name));
    const outermost = lookups.filter(
      (e) => !lookups.some((outer) => outer !== e && outer.ts <= e.ts && e.ts < outer.ts + (outer.dur ?? 0)),
    );
    const entryCall = (e: TraceEvent) =>
      e.name === "FunctionCall" && /\/assets\/index-[^/]+\.js$/.test(e.args?.data?.url ?? "");
    return {
      mainThread: sum(tasks, cpu),
      modules: sum(
        tasks.filter((task) => within(task, (e) => e.name === "v8.evaluateModule")),
        cpu,
      ),
      router: sum(
        tasks.filter((task) => within(task, (e) => e.name === "TimerFire") && within(task, entryCall)).slice(0, 1),
        cpu,
      ),
      overLong: sum(tasks, (task) => Math.max(0, SLOWDOWN * cpu(task) - LONG_MS)),
      overLongWall: sum(tasks, (task) => Math.max(0, (SLOWDOWN * (task.dur ?? 0)) / 1000 - LONG_MS)),
      fontCalls: onMain.filter((e) => FONT_CALLS.has(e.name)).length,
      fontWall: sum(outermost, (e) => (e.dur ?? 0) / 1000),
    };
  } finally {
    await context.close();
  }
}

const products: Product[] = BUILDS.map((build, i) => startProduct(build, resolve(build), 3950 + i));
try {
  for (const product of products) await waitFor(`${product.origin}/api/health`);
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium" });
  const rows: string[] = [];
  try {
    for (const path of PAGES) {
      const runs = new Map<Product, Figures[]>(products.map((product) => [product, []]));
      for (let run = 0; run < RUNS; run++) {
        for (const product of products) runs.get(product)?.push(await load(browser, `${product.origin}${path}`));
      }
      for (const product of products) {
        const figures = runs.get(product) ?? [];
        const stat = (of: (f: Figures) => number) => {
          const sorted = figures.map(of).sort((a, b) => a - b);
          return `${Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0)} (${Math.round(sorted[0] ?? 0)})`;
        };
        rows.push(
          `| \`${path}\` | ${product.label} | ${stat((f) => f.mainThread)} | ${stat((f) => f.modules)} | ${stat((f) => f.router)} | ${stat((f) => f.overLong)} | ${stat((f) => f.overLongWall)} | ${stat((f) => f.fontCalls)}, ${stat((f) => f.fontWall)} |`,
        );
      }
    }
  } finally {
    await browser.close();
  }
  process.stdout.write(
    `\nMedian (least) of ${RUNS} runs, in ms, from the first paint for ${WATCH_MS / 1000} s: CPU time, and wall time where a column says so; font lookups from the navigation on:\n\n| page | build | main thread | modules | router's task | over 12.5 ms, ×${SLOWDOWN} | the same in wall time | font lookups: calls, wall time |\n|---|---|---|---|---|---|---|---|\n${rows.join("\n")}\n`,
  );
} finally {
  for (const product of products) await stopProduct(product);
}
