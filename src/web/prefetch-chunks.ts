import { PREFETCH_LIST_ID } from "#domain/start-up.ts";
import type { createAppRouter } from "#web/routes.tsx";

/** How many prefetch links one slice adds: about 5 ms of a phone's main thread. */
const PREFETCH_SLICE = 6;

/** Runs when the main thread is idle; Safari has no requestIdleCallback, so there a short wait. */
function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(run);
  else window.setTimeout(run, 50);
}

/**
 * The code of every other page and of the parts that load on demand (search box, catalogue tabs,
 * footer, dialogs, login popup) is listed by the built index.html (vite.config.ts, decision 028).
 * The browser fetches it all at low priority into its HTTP cache, and none of it runs until it is
 * used. It waits for the first page: the router must have it, and then the main thread must fall
 * idle, which it seldom does while that page renders. So the first screen's own requests (the
 * catalogue, its parts, the session) mostly go before the 90 others instead of among them, which on
 * a slow phone network held the first screen back (in Lighthouse's records the requests started
 * before the largest paint fell from about 140 to about 50). The links go in slices of a few, each
 * in its own idle moment, so that a tap or a frame never waits behind them (issue 15). Under `vite
 * dev` there is no list.
 */
export function prefetchChunks(router: ReturnType<typeof createAppRouter>): void {
  const list = document.getElementById(PREFETCH_LIST_ID)?.textContent;
  if (!list) return;
  const files = JSON.parse(list) as string[];
  const fetchSlice = () => {
    for (const file of files.splice(0, PREFETCH_SLICE)) {
      const link = document.createElement("link");
      link.rel = "prefetch";
      link.href = file;
      link.crossOrigin = "anonymous";
      document.head.append(link);
    }
    if (files.length > 0) whenIdle(fetchSlice);
  };
  if (router.state.initialized) {
    whenIdle(fetchSlice);
    return;
  }
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    whenIdle(fetchSlice);
  });
}
