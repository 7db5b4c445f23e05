import type { createAppRouter } from "#web/routes.tsx";

/**
 * Spec §2 / ARCHITECTURE §4: while the splash shows (4.2 s), load what the app may need next, so
 * nothing waits after it fades. The catalogue is asked for at once. The code of every other page
 * and of the parts that load on demand is fetched (not run) by `prefetch-chunks.ts`, itself loaded
 * beside the page: nothing of it is needed for the first screen (decisions 028 and 039).
 */
export function prefetchDuringSplash(router: ReturnType<typeof createAppRouter>): void {
  void import("#web/features/catalogue/catalogue-query.ts").then((m) => m.prefetchCatalogue());
  void import("#web/prefetch-chunks.ts").then((m) => m.prefetchChunks(router));
}
