/**
 * The id of the JSON data block in the built index.html that lists the chunks the browser fetches
 * during the splash (vite.config.ts writes it, src/web/prefetch-chunks.ts reads it; decisions 028 and 039).
 */
export const PREFETCH_LIST_ID = "mates-prefetch";
