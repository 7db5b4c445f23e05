import type { Plugin, Rolldown } from "vite";
import { COMPILE_ALL_HINT, PREFETCH_LIST_ID, START_UP_LIST_ID, type StartUpFiles } from "./src/domain/start-up.ts";
import { startAfterFirstPaint } from "./src/web/shell/start-after-first-paint.ts";

/**
 * How the build cuts and orders the web app's chunks (decision records 043 and the start-up page):
 * the first paint and the prefetch list, the compile hint, and the chunk of small shared modules.
 * vite.config.ts uses these plugins.
 */

/** Every node reached from `starts` along `next` (a chunk's or a module's static imports), the starts included. */
function reachable(starts: Iterable<string>, next: (node: string) => readonly string[] | undefined): Set<string> {
  const seen = new Set<string>();
  const visit = (node: string) => {
    if (seen.has(node)) return;
    seen.add(node);
    for (const following of next(node) ?? []) visit(following);
  };
  for (const node of starts) visit(node);
  return seen;
}

/**
 * Lazy chunks a customer never needs: the role apps, which load when someone opens them; and the
 * Hindi and Marathi catalogs (decision 068), which a page fetches the first time it shows in that
 * language. Prefetched, they were some 70 files more on every first visit, in whatever language,
 * fetched during the splash and stretching it on a slow connection.
 */
const NOT_PREFETCHED = [
  /\/src\/web\/pages\/mate\//,
  /\/src\/web\/pages\/ops\//,
  /\/src\/web\/(?:.+\/)?messages\/(?:hi-IN|mr-IN)\.ts$/,
];

/**
 * The first paint, and what loads beside it (decisions 028 and 044). In the built index.html:
 * - Nothing the app loads is asked for before the splash is on screen. Vite's module script, its
 *   modulepreload links and its stylesheet link are replaced by a JSON data block that lists those
 *   files and an inline script (`startAfterFirstPaint`) that asks for them once the browser reports
 *   the first contentful paint. The stylesheet is then preloaded, not linked: a linked stylesheet
 *   holds back every paint until it arrives. src/web/shell/stylesheet.ts applies it before the app
 *   renders, so nothing shows unstyled.
 * - A JSON data block lists every lazy chunk of the customer's app and each chunk those import
 *   that start-up has not loaded: src/web/prefetch-chunks.ts has the browser fetch them once the
 *   first page is drawn, while the splash still shows, and none of them runs until it is used (an
 *   import() would run them all at start, on the main thread; decision 039).
 * If Vite stops writing these tags as expected, the build stops here.
 */
export function firstPaintAndPrefetch(): Plugin {
  return {
    name: "mates-first-paint-and-prefetch",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const tags = {
          stylesheet: /\s*<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g,
          entry: /\s*<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/g,
          modules: /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g,
        };
        const found = (tag: keyof typeof tags) => [...html.matchAll(tags[tag])].map((match) => match[1] as string);
        const [stylesheet, entry] = [found("stylesheet"), found("entry")];
        if (stylesheet.length !== 1 || entry.length !== 1) {
          throw new Error(
            `index.html: expected one stylesheet link and one module script from Vite, found ${stylesheet.length} and ${entry.length}`,
          );
        }
        const startUp: StartUpFiles = {
          stylesheet: stylesheet[0] ?? "",
          modules: found("modules"),
          entry: entry[0] ?? "",
        };
        const rest = Object.values(tags).reduce((text, tag) => text.replace(tag, ""), html);
        if (/<script type="module"|rel="(?:modulepreload|stylesheet)"/.test(rest)) {
          throw new Error("index.html: Vite wrote a script or stylesheet tag that firstPaintAndPrefetch does not know");
        }
        const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (start: string[]) => reachable(start, (file) => byFile.get(file)?.imports);
        const atStart = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
        // Decision 043: the shared chunk may import only what start-up has run, or a module in it
        // could run before something it needs.
        for (const chunk of chunks.filter((candidate) => candidate.name === SHARED_CHUNK)) {
          const early = chunk.imports.filter((file) => !atStart.has(file));
          if (early.length > 0) throw new Error(`the shared chunk imports lazy chunks: ${early.join(", ")}`);
        }
        const lazy = chunks.filter(
          (chunk) =>
            chunk.isDynamicEntry && !NOT_PREFETCHED.some((pattern) => pattern.test(chunk.facadeModuleId ?? "")),
        );
        const prefetched = [...closure(lazy.map((chunk) => chunk.fileName))]
          .filter((file) => !atStart.has(file))
          .sort()
          .map((file) => `/${file}`);
        return rest.replace(
          "</head>",
          [
            `  <script type="application/json" id="${START_UP_LIST_ID}">${JSON.stringify(startUp)}</script>`,
            `  <script>(${startAfterFirstPaint.toString()})(${JSON.stringify(START_UP_LIST_ID)});</script>`,
            `  <script type="application/json" id="${PREFETCH_LIST_ID}">${JSON.stringify(prefetched)}</script>`,
            "  </head>",
          ].join("\n"),
        );
      },
    },
  };
}

/**
 * V8's explicit compile hint (COMPILE_ALL_HINT, decision 045): a file that opens with it has every
 * function in it compiled when the file is, off the main thread while it streams in, instead of each
 * one on the main thread the first time it is called. Customers' chunks carry it: start-up calls
 * most of what it loads (React's reconciler, the router, TanStack Query, the API client's schemas),
 * and a page's chunk is fetched during the splash and runs as a whole when the page renders. The
 * mate app's and the console's own chunks do not: a customer never loads them.
 *
 * The least a chunk's code weighs (before minification) to carry the hint. The comment costs about
 * 22 bytes of each file's gzip, and the home page's budget is tight; a smaller chunk has little
 * to compile (decision 045).
 */
const COMPILE_HINT_MIN_LENGTH = 32_000;

/**
 * The hint, written after minification (which would take the comment out), for a chunk whose
 * customers' code weighs enough. Counting only that code keeps the hint out of the console's chunk,
 * which also holds a little of TanStack Query that customers' modules import but never call.
 */
export function compileHint(isCustomer: (id: string) => boolean) {
  return (chunk: Rolldown.RenderedChunk) => {
    const customers = Object.entries(chunk.modules).filter(([id]) => isCustomer(id));
    const length = customers.reduce((sum, [, module]) => sum + module.renderedLength, 0);
    return length >= COMPILE_HINT_MIN_LENGTH ? COMPILE_ALL_HINT : "";
  };
}

/** The chunk of the small modules customers' pages share (decision 043). */
export const SHARED_CHUNK = "shared";
/** The most a module may weigh (bytes of its transformed code) to be put in it. */
const SHARED_MODULE_AT_MOST = 4096;

/**
 * Fewer, larger chunks for a customer's pages (decision 043). Split by the bundler alone, a
 * service's page needed 46 chunks, 19 of them under 1 KB: single icons, a constant, a formatter.
 * Lighthouse's phone, like any browser over HTTP/1.1, fetches at most six at once, each a round
 * trip, and that count, not their bytes, was what held its largest paint.
 *
 * This finds, once the module graph is built, the small modules that customers' lazy pages share
 * and that depend only on start-up code or on one another; the build puts them in one chunk
 * (`sharedChunkGroup`). Three rules keep it safe and keep what is measured where it was:
 * - nothing that start-up loads (the entry and the home page with their static imports) is moved,
 *   so the home page's payload stays as it was;
 * - nothing only the mate app or the console use is moved, so a customer never downloads it;
 * - a module goes in only if all it imports is start-up code or goes in too, so the shared chunk
 *   imports nothing but start-up chunks, which have run by then: no cycle between chunks, and no
 *   module can run before what it needs.
 */
export function sharedChunkGroup(): {
  plugin: Plugin;
  test: (id: string) => boolean;
  isCustomer: (id: string) => boolean;
} {
  let shared = new Set<string>();
  let startUp = new Set<string>();
  let customer = new Set<string>();
  const plugin: Plugin = {
    name: "mates-shared-chunk",
    apply: "build",
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const info = new Map(ids.map((id) => [id, this.getModuleInfo(id)]));
      const reach = (starts: string[]) => reachable(starts, (id) => info.get(id)?.importedIds);
      const dynamicEntries = new Set(ids.flatMap((id) => info.get(id)?.dynamicallyImportedIds ?? []));
      startUp = reach(ids.filter((id) => info.get(id)?.isEntry || /[\\/]pages[\\/]home[\\/]home-page\./.test(id)));
      customer = reach(
        [...dynamicEntries].filter((id) => !NOT_PREFETCHED.some((pattern) => pattern.test(id.replaceAll("\\", "/")))),
      );
      const candidates = new Set(
        [...customer].filter(
          (id) =>
            !startUp.has(id) &&
            !dynamicEntries.has(id) &&
            (info.get(id)?.code?.length ?? Infinity) <= SHARED_MODULE_AT_MOST,
        ),
      );
      // Drop any candidate that imports something neither start-up nor a candidate, until none does.
      let changed = true;
      while (changed) {
        changed = false;
        for (const id of candidates) {
          const imports = info.get(id)?.importedIds ?? [];
          if (imports.every((imported) => startUp.has(imported) || candidates.has(imported))) continue;
          candidates.delete(id);
          changed = true;
        }
      }
      shared = candidates;
    },
  };
  return {
    plugin,
    test: (id) => shared.has(id),
    // Every module a customer's page may run: start-up's and what their lazy pages import.
    isCustomer: (id) => startUp.has(id) || customer.has(id),
  };
}
