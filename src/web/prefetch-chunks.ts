import { PREFETCH_LIST_ID } from "#domain/start-up.ts";
import { whenIdle } from "#web/shell/first-page.ts";

/** How many prefetch links one slice adds: a few milliseconds of a phone's main thread. */
const PREFETCH_SLICE = 12;

/**
 * The code of every other page and of the parts that load on demand (search box, catalogue tabs,
 * footer, dialogs, login popup) is listed by the built index.html (vite.config.ts, decision 028).
 * The browser fetches it all at low priority into its HTTP cache, and none of it runs until it is
 * used. It is called once the first page is drawn (`firstPageDrawn`, decision 041), so the first
 * screen's own requests (the catalogue, its parts) go before the 90 others instead of among them,
 * which on a slow phone network held the first screen back (in Lighthouse's records the requests
 * started before the largest paint fell from about 140 to about 50). The links go in slices of a
 * few, each in its own idle moment, so that a tap or a frame never waits behind them (issue 15).
 * Under `vite dev` there is no list.
 */
export function prefetchChunks(): void {
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
  fetchSlice();
}
