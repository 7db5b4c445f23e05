/**
 * Spec §2 / ARCHITECTURE §4: while the splash shows (4.2 s), load what the app may need next, so
 * nothing waits after it fades. The catalogue is asked for at once: it is what the first screen
 * shows on most pages. The code of every other page and of the parts that load on demand is
 * fetched (not run) by `prefetch-chunks.ts` once the first page is drawn: nothing of it is needed
 * for the first screen (decisions 028, 039 and 041).
 */
export function prefetchDuringSplash(firstPageDrawn: Promise<void>): void {
  void import("#web/features/catalogue/catalogue-query.ts").then((m) => m.prefetchCatalogue());
  void firstPageDrawn.then(() => import("#web/prefetch-chunks.ts")).then((m) => m.prefetchChunks());
}
