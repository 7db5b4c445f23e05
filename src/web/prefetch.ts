import { PREFETCH_LIST_ID } from "#domain/start-up.ts";
import type { createAppRouter } from "#web/routes.tsx";

/** How many prefetch links one task adds: about 5 ms of a phone's main thread. */
const PREFETCH_SLICE = 6;

/**
 * Spec §2 / ARCHITECTURE §4: while the splash shows (4.2 s), load what the app may need next, so
 * nothing waits after it fades. The catalogue is asked for at once. The code of every other page
 * and of the parts that load on demand (search box, catalogue tabs, footer, dialogs, login popup)
 * is listed by the built index.html (vite.config.ts, decision 028); once the first page is up, the
 * browser fetches it all at low priority, and none of it runs until it is used. Under `vite dev`
 * there is no list.
 */
export function prefetchDuringSplash(router: ReturnType<typeof createAppRouter>): void {
  void import("#web/features/catalogue/catalogue-query.ts").then((m) => m.prefetchCatalogue());

  const list = document.getElementById(PREFETCH_LIST_ID)?.textContent;
  if (!list) return;
  const files = JSON.parse(list) as string[];
  // About 90 links; each costs the browser the start of a request, together 20 ms here and 70–100 ms
  // on a phone's slower CPU, which held the main thread in one task. They go a few at a time, each
  // few its own task, so that a tap or a frame never waits long behind them (issue 15).
  const fetchAll = () => {
    for (const file of files.splice(0, PREFETCH_SLICE)) {
      const link = document.createElement("link");
      link.rel = "prefetch";
      link.href = file;
      link.crossOrigin = "anonymous";
      document.head.append(link);
    }
    if (files.length > 0) window.setTimeout(fetchAll);
  };
  if (router.state.initialized) {
    fetchAll();
    return;
  }
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    fetchAll();
  });
}
