import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * What the home page loads before it can show itself: the entry script and its static imports,
 * the stylesheets, and the lazy home page chunk with its own static imports. Measured gzipped,
 * from Vite's build manifest. Chunks of other routes that are prefetched while the splash shows
 * are reported apart: they load at low priority and do not hold the home page up.
 */

export const HOME_BUDGET_GZIP_BYTES = 120_000;

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

export type BundleReport = {
  files: { file: string; gzipBytes: number }[];
  jsGzipBytes: number;
  cssGzipBytes: number;
  totalGzipBytes: number;
  prefetchedGzipBytes: number;
};

function closure(manifest: Manifest, keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (into.has(key)) continue;
    into.add(key);
    closure(manifest, manifest[key]?.imports ?? [], into);
  }
  return into;
}

const gzipSize = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

export function measureHomePage(distDir: string): BundleReport {
  const manifestPath = join(distDir, ".vite", "manifest.json");
  if (!existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing: run \`npm run build\` first.`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error("the build manifest has no entry chunk");
  const homeKey = Object.keys(manifest).find((key) => manifest[key]?.isDynamicEntry && /pages\/home\//.test(key));
  if (!homeKey) throw new Error("the build manifest has no lazy chunk under src/web/pages/home/");

  const critical = closure(manifest, [entryKey, homeKey]);
  const files = new Set<string>();
  for (const key of critical) {
    const chunk = manifest[key];
    if (!chunk) continue;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  const measured = [...files].map((file) => ({ file, gzipBytes: gzipSize(join(distDir, file)) }));
  const sum = (suffix: string) =>
    measured.filter((f) => f.file.endsWith(suffix)).reduce((total, f) => total + f.gzipBytes, 0);

  const prefetched = new Set<string>();
  for (const chunk of Object.values(manifest)) {
    if (!chunk.file.endsWith(".js") || files.has(chunk.file)) continue;
    prefetched.add(chunk.file);
  }
  const prefetchedGzipBytes = [...prefetched].reduce((total, file) => total + gzipSize(join(distDir, file)), 0);

  return {
    files: measured.sort((a, b) => b.gzipBytes - a.gzipBytes),
    jsGzipBytes: sum(".js"),
    cssGzipBytes: sum(".css"),
    totalGzipBytes: sum(".js") + sum(".css"),
    prefetchedGzipBytes,
  };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

if (import.meta.main) {
  const report = measureHomePage(join(import.meta.dirname, "..", "dist", "web"));
  const lines = [
    "Home page payload (gzip):",
    ...report.files.map((f) => `  ${kb(f.gzipBytes).padStart(9)}  ${f.file}`),
    `  JS ${kb(report.jsGzipBytes)} + CSS ${kb(report.cssGzipBytes)} = ${kb(report.totalGzipBytes)} of a ${kb(HOME_BUDGET_GZIP_BYTES)} budget`,
    `  Other routes, prefetched during the splash: ${kb(report.prefetchedGzipBytes)}`,
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}
