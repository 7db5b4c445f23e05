import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { LOCALES, type Locale } from "#domain/i18n/locales.ts";
import { dataBlockOf, PREFETCH_LIST_ID } from "#domain/start-up.ts";

/**
 * What the home page loads before it can show itself: the entry script and its static imports,
 * the stylesheets, and the lazy home page chunk with its own static imports. Measured gzipped,
 * from Vite's build manifest. The chunks index.html has the browser prefetch while the splash
 * shows are reported apart: they load at low priority and do not hold the home page up.
 */

export const HOME_BUDGET_GZIP_BYTES = 120_000;
/** What any other page may add to what the home page loaded (issue 15): its own chunks and styles. */
export const LAZY_PAGE_BUDGET_GZIP_BYTES = 30_000;

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

function readManifest(distDir: string): Manifest {
  const manifestPath = join(distDir, ".vite", "manifest.json");
  if (!existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing: run \`npm run build\` first.`);
  }
  return JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
}

const filesOf = (manifest: Manifest, keys: Iterable<string>) => {
  const files = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  return files;
};

/** The files the built index.html has the browser prefetch during the splash (vite.config.ts, record 028). */
function prefetchList(distDir: string): string[] {
  const index = readFileSync(join(distDir, "index.html"), "utf8");
  return dataBlockOf<string[]>(index, PREFETCH_LIST_ID).map((file) => file.replace(/^\//, ""));
}

export function measureHomePage(distDir: string): BundleReport {
  const manifest = readManifest(distDir);
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error("the build manifest has no entry chunk");
  const homeKey = Object.keys(manifest).find((key) => manifest[key]?.isDynamicEntry && /pages\/home\//.test(key));
  if (!homeKey) throw new Error("the build manifest has no lazy chunk under src/web/pages/home/");

  const files = filesOf(manifest, closure(manifest, [entryKey, homeKey]));
  const measured = [...files].map((file) => ({ file, gzipBytes: gzipSize(join(distDir, file)) }));
  const sum = (suffix: string) =>
    measured.filter((f) => f.file.endsWith(suffix)).reduce((total, f) => total + f.gzipBytes, 0);

  const prefetchedGzipBytes = prefetchList(distDir).reduce((total, file) => total + gzipSize(join(distDir, file)), 0);

  return {
    files: measured.sort((a, b) => b.gzipBytes - a.gzipBytes),
    jsGzipBytes: sum(".js"),
    cssGzipBytes: sum(".css"),
    totalGzipBytes: sum(".js") + sum(".css"),
    prefetchedGzipBytes,
  };
}

/**
 * Every other lazily loaded page (a dynamic entry under src/web/pages, named from there in the
 * manifest): `ownGzipBytes`, the files only it loads (its code, budgeted), and `sharedGzipBytes`,
 * the files beyond the home page's that it shares with other pages (libraries such as zod and
 * TanStack Query, shared features), which load once for all of them and are prefetched during the
 * splash. Both are reported; the budget holds each page's own code.
 */
export function measureLazyPages(distDir: string): { page: string; ownGzipBytes: number; sharedGzipBytes: number }[] {
  const manifest = readManifest(distDir);
  const home = new Set(measureHomePage(distDir).files.map((f) => f.file));
  const pages = Object.keys(manifest).filter(
    (key) => manifest[key]?.isDynamicEntry && key.startsWith("pages/") && !/pages\/home\//.test(key),
  );
  const needs = new Map(
    pages.map((page) => [page, [...filesOf(manifest, closure(manifest, [page]))].filter((file) => !home.has(file))]),
  );
  const users = new Map<string, number>();
  for (const files of needs.values()) for (const file of files) users.set(file, (users.get(file) ?? 0) + 1);
  const sum = (files: string[]) => files.reduce((total, file) => total + gzipSize(join(distDir, file)), 0);
  return pages
    .map((page) => {
      const files = needs.get(page) ?? [];
      return {
        page,
        ownGzipBytes: sum(files.filter((file) => users.get(file) === 1)),
        sharedGzipBytes: sum(files.filter((file) => (users.get(file) ?? 0) > 1)),
      };
    })
    .sort((a, b) => b.ownGzipBytes - a.ownGzipBytes);
}

/** Issue 40: what Hindi or Marathi may add to the home page's first screen (its catalogs), gzip. */
export const CATALOGS_BUDGET_GZIP_BYTES = 15_000;

/**
 * The home page in each language (decision 071): English is `measureHomePage`; Hindi and Marathi
 * add the catalogs that the start-up code and the home page ask for in that language (the
 * `messages/<locale>.ts` they import lazily, with what those import), which load with the first
 * screen. Reported by `npm run bench -- languages`, not a budget of the build.
 */
export function measureLanguages(
  distDir: string,
): { locale: Locale; catalogFiles: number; catalogGzipBytes: number; totalGzipBytes: number }[] {
  const manifest = readManifest(distDir);
  const home = measureHomePage(distDir);
  const homeFiles = new Set(home.files.map((f) => f.file));
  return LOCALES.map((locale) => {
    const catalog = new RegExp(`messages/${locale}\\.ts$`);
    const starts = Object.values(manifest)
      .filter((chunk) => homeFiles.has(chunk.file))
      .flatMap((chunk) => chunk.dynamicImports ?? [])
      .filter((key) => catalog.test(key));
    const files = [...filesOf(manifest, closure(manifest, starts))].filter((file) => !homeFiles.has(file));
    const catalogGzipBytes = files.reduce((total, file) => total + gzipSize(join(distDir, file)), 0);
    return {
      locale,
      catalogFiles: files.length,
      catalogGzipBytes,
      totalGzipBytes: home.totalGzipBytes + catalogGzipBytes,
    };
  });
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

if (import.meta.main && process.argv.includes("--languages")) {
  const rows = measureLanguages(join(import.meta.dirname, "..", "dist", "web"));
  process.stdout.write(
    `${[
      "| language | home page payload (gzip) | its catalogs for the first screen |",
      "|---|---|---|",
      ...rows.map(
        (row) =>
          `| ${row.locale} | ${kb(row.totalGzipBytes)} | ${row.catalogFiles === 0 ? "–" : `${kb(row.catalogGzipBytes)} in ${row.catalogFiles} file${row.catalogFiles === 1 ? "" : "s"}`}${row.catalogGzipBytes > CATALOGS_BUDGET_GZIP_BYTES ? ` (over its ${kb(CATALOGS_BUDGET_GZIP_BYTES)})` : ""} |`,
      ),
    ].join("\n")}\n`,
  );
} else if (import.meta.main) {
  const report = measureHomePage(join(import.meta.dirname, "..", "dist", "web"));
  const lines = [
    "Home page payload (gzip):",
    ...report.files.map((f) => `  ${kb(f.gzipBytes).padStart(9)}  ${f.file}`),
    `  JS ${kb(report.jsGzipBytes)} + CSS ${kb(report.cssGzipBytes)} = ${kb(report.totalGzipBytes)} of a ${kb(HOME_BUDGET_GZIP_BYTES)} budget`,
    `  Other routes, prefetched during the splash: ${kb(report.prefetchedGzipBytes)}`,
  ];
  const pages = measureLazyPages(join(import.meta.dirname, "..", "dist", "web"));
  lines.push(
    `Each other page's own code (gzip, budget ${kb(LAZY_PAGE_BUDGET_GZIP_BYTES)} each), and what it shares with other pages:`,
    ...pages.map((p) => `  ${kb(p.ownGzipBytes).padStart(9)}  ${p.page} (+ ${kb(p.sharedGzipBytes)} shared)`),
  );
  process.stdout.write(`${lines.join("\n")}\n`);
  // The build fails past a budget, so it cannot creep up unnoticed.
  const over = [
    ...(report.totalGzipBytes > HOME_BUDGET_GZIP_BYTES ? [`the home page (${kb(report.totalGzipBytes)})`] : []),
    ...pages
      .filter((p) => p.ownGzipBytes > LAZY_PAGE_BUDGET_GZIP_BYTES)
      .map((p) => `${p.page} (${kb(p.ownGzipBytes)})`),
  ];
  if (over.length > 0) {
    process.stderr.write(`Over budget: ${over.join(", ")}.\n`);
    process.exit(1);
  }
}
