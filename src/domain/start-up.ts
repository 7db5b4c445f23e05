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

/** What the built index.html's data block `id` holds (its JSON); an error if it has none. */
export function dataBlockOf<T>(html: string, id: string): T {
  const text = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html)?.[1];
  if (text === undefined) throw new Error(`the built index.html has no #${id} list`);
  return JSON.parse(text) as T;
}
