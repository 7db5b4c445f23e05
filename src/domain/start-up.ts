/**
 * The id of the JSON data block in the built index.html that lists the chunks the browser fetches
 * during the splash (vite.config.ts writes it, src/web/prefetch-chunks.ts reads it; decisions 028 and 039).
 */
export const PREFETCH_LIST_ID = "mates-prefetch";

/**
 * The id of the JSON data block in the built index.html that lists the start-up files (the
 * stylesheet, the entry module and its static imports), asked for once the splash is on screen
 * (vite.config.ts writes it, src/web/shell/start-after-first-paint.ts reads it; decision 044).
 */
export const START_UP_LIST_ID = "mates-start-up";

/** The files start-up needs, which the built index.html lists under START_UP_LIST_ID (decision 044). */
export type StartUpFiles = {
  /** The app's stylesheet, applied by src/web/shell/stylesheet.ts before the app renders. */
  stylesheet: string;
  /** The entry's static imports, fetched beside it (Vite's modulepreload list). */
  modules: string[];
  /** The entry module, src/web/main.tsx built. */
  entry: string;
};

/**
 * V8's file-level compile hint (decision 045): a file that opens with it has every function compiled
 * with the file, off the main thread. vite.config.ts writes it into customers' large chunks.
 */
export const COMPILE_ALL_HINT = "//# allFunctionsCalledOnLoad";

/** What the built index.html's data block `id` holds (its JSON); an error if it has none. */
export function dataBlockOf<T>(html: string, id: string): T {
  const text = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html)?.[1];
  if (text === undefined) throw new Error(`the built index.html has no #${id} list`);
  return JSON.parse(text) as T;
}

/**
 * Every built file a customer's page loads at start or fetches during the splash, as paths in the
 * build ("assets/…"): the built index.html's start-up and prefetch lists. The mate app's and the
 * console's own chunks are in neither.
 */
export function customerFiles(indexHtml: string): Set<string> {
  const startUp = dataBlockOf<StartUpFiles>(indexHtml, START_UP_LIST_ID);
  const files = [
    startUp.stylesheet,
    startUp.entry,
    ...startUp.modules,
    ...dataBlockOf<string[]>(indexHtml, PREFETCH_LIST_ID),
  ];
  return new Set(files.map((file) => file.replace(/^\//, "")));
}
