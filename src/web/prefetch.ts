import { PREFETCH_LIST_ID } from "#domain/start-up.ts";
import type { createAppRouter } from "#web/routes.tsx";

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
  const fetchAll = () => {
    for (const file of files) {
      const link = document.createElement("link");
      link.rel = "prefetch";
      link.href = file;
      link.crossOrigin = "anonymous";
      document.head.append(link);
    }
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
