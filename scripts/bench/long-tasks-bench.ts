/**
 * The start-up's long tasks (issue 15, goal 3; decision record 039): what holds the main thread for
 * more than 50 ms while a page starts, and whose code it is. Each page of the production build,
 * served by the product on the embedded database, is loaded in the system's Chromium with a phone's
 * viewport and its CPU slowed 4× (as Lighthouse's mobile run), recorded with Chromium's trace and
 * V8's sampling profiler for 6 s (the splash's 4.2 s and the page after it).
 *
 *   BUILD_SOURCEMAPS=1 npm run build && node scripts/bench/long-tasks-bench.ts
 *   node scripts/bench/long-tasks-bench.ts --pages=/,/about --runs=5 --slowdown=4
 *   node scripts/bench/long-tasks-bench.ts --checkout=../before   # another checkout's build
 *
 * For every task over 50 ms it prints when it started (from navigation), how long it took, and the
 * source files (and the function most sampled in each) whose code the profiler's samples were in.
 * With `BUILD_SOURCEMAPS=1` the build writes source maps beside the files (without pointing to them
 * from the files, so sizes and budgets do not change) and samples are named by original source;
 * without them, by bundle file. "Blocking" sums each task's time over 50 ms from the first paint on:
 * what total blocking time adds up, measured here rather than simulated. The profiler itself slows
 * the page a little: compare runs of this tool with each other, not with Lighthouse's figures. The
 * page's inspector is in Lighthouse's state (`as-lighthouse.ts`), without which V8 parsed much of
 * the entry chunk again inside the first module evaluation's task.
 *
 * Figures are printed, never asserted; docs/benchmarks.md keeps them.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";
import { chromium } from "@playwright/test";
import { inspectLikeLighthouse } from "./as-lighthouse.ts";
import { startProduct, stopProduct } from "./product-server.ts";
import { waitFor } from "./wait-for.ts";

const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const root = resolve(option("checkout") ?? fileURLToPath(new URL("../..", import.meta.url)));
const PAGES = option("pages")?.split(",") ?? ["/", "/service/deep-cleaning", "/cart", "/about"];
const RUNS = Number(option("runs") ?? 1);
const SLOWDOWN = Number(option("slowdown") ?? 4);
const LONG_MS = 50;

type TraceEvent = {
  name: string;
  cat?: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: { name?: string; frame?: string; data?: Record<string, unknown> };
};
type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; parent?: number; callFrame: CallFrame };
type Sample = { ts: number; node: ProfileNode | undefined; nodes: Map<number, ProfileNode> };

const assets = join(root, "dist", "web", "assets");
const maps = new Map<string, TraceMap | null>();

/** "src/web/routes.tsx createAppRouter", or the bundle file's name where there is no source map. */
function sourceOf(frame: CallFrame): { file: string; name: string } {
  const file = frame.url.split("/").pop() ?? frame.url;
  if (!frame.url.includes("/assets/")) return { file: file || "(browser)", name: frame.functionName };
  if (!maps.has(file)) {
    const path = join(assets, `${file}.map`);
    maps.set(file, existsSync(path) ? new TraceMap(readFileSync(path, "utf8")) : null);
  }
  const map = maps.get(file);
  // A frame V8 could not place (line -1) is named by its bundle file.
  if (!map || frame.lineNumber < 0) return { file, name: frame.functionName };
  const original = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = (original.source ?? file).replace(/^.*node_modules\//, "").replace(/^(\.\.\/)+/, "");
  return { file: source, name: original.name ?? frame.functionName };
}

async function trace(url: string): Promise<TraceEvent[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium" });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    const cdp = await inspectLikeLighthouse(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOWDOWN });
    await browser.startTracing(page, {
      categories: [
        "blink.user_timing",
        "devtools.timeline",
        "disabled-by-default-devtools.timeline",
        "disabled-by-default-v8.cpu_profiler",
      ],
    });
    await page.goto(url);
    await page.waitForTimeout(6_000);
    return (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  } finally {
    await browser.close();
  }
}

function report(url: string, events: TraceEvent[]): { text: string; blocking?: number } {
  // The page's renderer is the one that painted. Its navigation is the first one of the same frame;
  // Chromium may record it in the process the navigation started in, before it moved to this one.
  const paint = events.find((e) => e.name === "firstContentfulPaint");
  const navigation = events
    .filter((e) => e.name === "navigationStart" && paint !== undefined && e.args?.frame === paint.args?.frame)
    .sort((a, b) => a.ts - b.ts)[0];
  if (!paint || !navigation) return { text: `${url}: the trace has no first paint\n` };
  const { pid } = paint;
  const main = events.find((e) => e.pid === pid && e.name === "thread_name" && e.args?.name === "CrRendererMain");
  if (!main) return { text: `${url}: the trace has no main thread for the page\n` };
  const onMain = (event: TraceEvent) => event.pid === pid && event.tid === main.tid;

  const samples: Sample[] = [];
  // The profile of the page's main thread alone: a worker in the same process has its own, and
  // profile ids are counted per process. Its chunks are written by the profiler's own thread.
  for (const profile of events.filter((e) => e.name === "Profile" && onMain(e))) {
    const nodes = new Map<number, ProfileNode>();
    let ts = Number(profile.args?.data?.startTime);
    for (const chunk of events.filter((e) => e.name === "ProfileChunk" && e.pid === pid && e.id === profile.id)) {
      const data = chunk.args?.data as {
        cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
        timeDeltas?: number[];
      };
      for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
      (data.cpuProfile?.samples ?? []).forEach((id, i) => {
        ts += data.timeDeltas?.[i] ?? 0;
        samples.push({ ts, node: nodes.get(id), nodes });
      });
    }
  }

  const tasks = events
    .filter((e) => onMain(e) && e.ph === "X" && e.name === "RunTask" && (e.dur ?? 0) > LONG_MS * 1000)
    .sort((a, b) => a.ts - b.ts);
  const lines: string[] = [];
  let blocking = 0;
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const ms = (task.dur ?? 0) / 1000;
    if (task.ts >= paint.ts) blocking += ms - LONG_MS;
    const inside = samples.filter((s) => s.ts >= task.ts && s.ts <= end);
    const byFile = new Map<string, { count: number; names: Map<string, number> }>();
    for (const sample of inside) {
      // The innermost frame with code of the page's: whose code the time was spent in.
      let node = sample.node;
      while (node && !node.callFrame.url) node = node.parent === undefined ? undefined : sample.nodes.get(node.parent);
      const { file, name } = node
        ? sourceOf(node.callFrame)
        : { file: "(not the page's JavaScript: style, layout, paint, garbage collection)", name: "" };
      const entry = byFile.get(file) ?? { count: 0, names: new Map<string, number>() };
      entry.count++;
      if (name) entry.names.set(name, (entry.names.get(name) ?? 0) + 1);
      byFile.set(file, entry);
    }
    const share = [...byFile.entries()]
      .sort((a, b) => b[1].count - a[1].count)
      .slice(0, 4)
      .map(([file, { count, names }]) => {
        const top = [...names.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
        return `${Math.round((100 * count) / Math.max(1, inside.length))} % ${file}${top ? ` (${top})` : ""}`;
      });
    lines.push(`- at ${Math.round((task.ts - navigation.ts) / 1000)} ms, ${Math.round(ms)} ms: ${share.join("; ")}`);
  }
  return {
    text: `${lines.join("\n")}\n  ${tasks.length} long tasks; blocking from the first paint on: ${Math.round(blocking)} ms\n`,
    blocking,
  };
}

/** Whether the build wrote source maps (`BUILD_SOURCEMAPS=1 npm run build`). */
function hasSourceMaps(): boolean {
  const manifestPath = join(root, "dist", "web", ".vite", "manifest.json");
  if (!existsSync(manifestPath)) return false;
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<
    string,
    { file: string; isEntry?: boolean }
  >;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  return entry !== undefined && existsSync(join(root, "dist", "web", `${entry.file}.map`));
}

const product = startProduct(root, root, 3933);
try {
  await waitFor(`${product.origin}/api/health`);
  if (!hasSourceMaps()) process.stdout.write("No source maps in the build: samples are named by bundle file.\n");
  const medians: string[] = [];
  for (const path of PAGES) {
    const blocking: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const url = `${product.origin}${path}`;
      process.stdout.write(`\n### \`${path}\`, CPU ${SLOWDOWN}× slower${RUNS > 1 ? `, run ${run}` : ""}\n`);
      const result = report(url, await trace(url));
      process.stdout.write(result.text);
      if (result.blocking !== undefined) blocking.push(Math.round(result.blocking));
    }
    blocking.sort((a, b) => a - b);
    const median = blocking[Math.floor(blocking.length / 2)];
    if (median !== undefined) medians.push(`| \`${path}\` | ${median} ms | ${blocking.join(", ")} |`);
  }
  process.stdout.write(`\n| page | blocking, median | each run, sorted |\n|---|---|---|\n${medians.join("\n")}\n`);
} finally {
  await stopProduct(product);
}
