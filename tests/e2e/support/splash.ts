import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page } from "@playwright/test";
import { BRAND, TAGLINE, TIMINGS } from "#domain/constants.ts";
import { E2E } from "./e2e-env.ts";

type SplashSample = { at: number; opacity: number | null };

/**
 * Samples the splash's opacity in the page's own clock (milliseconds from the start of
 * navigation, the clock the CSS animation runs on) on every frame and every 50 ms, and notes
 * when it leaves the page. Sampling inside the page keeps the test honest on a busy machine:
 * a late answer to the test runner cannot be mistaken for an early fade. Call before the page loads.
 */
export async function watchSplash(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const samples: SplashSample[] = [];
    (window as unknown as { __splash: typeof samples }).__splash = samples;
    let seen = false;
    const sample = () => {
      const splash = document.getElementById("splash");
      if (splash) seen = true;
      if (seen)
        samples.push({ at: performance.now(), opacity: splash ? Number(getComputedStyle(splash).opacity) : null });
      return !seen || splash !== null;
    };
    // One sample per frame, one every 50 ms in case frames are throttled, and one on every change
    // of the page (which catches the moment the splash is removed); each stops once it has gone.
    const frame = () => {
      if (sample()) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    const timer = setInterval(() => {
      if (!sample()) clearInterval(timer);
    }, 50);
    const observer = new MutationObserver(() => {
      if (!sample()) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

const splashSamples = (page: Page) => page.evaluate(() => (window as unknown as { __splash: SplashSample[] }).__splash);

/**
 * Spec §2 "Start-up", on a page loaded after `watchSplash`: the brand shows for 3.2 s, fades over
 * 1 s, then leaves the page.
 */
export async function expectSplashAsSpecified(page: Page): Promise<void> {
  const splash = page.locator("#splash");
  await expect(splash).toBeVisible();
  await expect(splash).toContainText(BRAND);
  await expect(splash).toContainText(TAGLINE);
  await expect(splash).toHaveCount(0, { timeout: TIMINGS.splashMs + TIMINGS.splashFadeMs + 5_000 });

  const samples = await splashSamples(page);
  const onScreen = samples.filter((s) => s.opacity !== null);
  const gone = samples.find((s) => s.opacity === null);
  // Seen fully opaque early on, and never less than that before 3.2 s.
  expect(onScreen.some((s) => s.at < TIMINGS.splashMs - 600 && s.opacity === 1)).toBe(true);
  expect(onScreen.filter((s) => s.at < TIMINGS.splashMs && s.opacity !== 1)).toEqual([]);
  // The fade only ever goes one way.
  for (let i = 1; i < onScreen.length; i += 1) {
    expect(onScreen[i]?.opacity ?? 0).toBeLessThanOrEqual(onScreen[i - 1]?.opacity ?? 1);
  }
  // It leaves the page when its 1 s fade has ended, not before, and not long after: the bound
  // leaves 1.5 s for a busy machine's late timer, and still tells 4.2 s from a splash that lingers.
  expect(gone?.at ?? 0).toBeGreaterThanOrEqual(TIMINGS.splashMs + TIMINGS.splashFadeMs - 20);
  expect(gone?.at ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(TIMINGS.splashMs + TIMINGS.splashFadeMs + 1_500);
}

/**
 * Records every layout shift the browser reports (the Layout Instability API: what Lighthouse's
 * CLS adds up), with what moved. Call before the page loads; `layoutShifts` reads them.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { __shifts: string[] }).__shifts = shifts;
    type Shift = PerformanceEntry & { value: number; sources: { node?: Node | null }[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        const moved = entry.sources.map((source) => {
          const node = source.node;
          return node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : String(node?.nodeName);
        });
        shifts.push(`${Math.round(entry.startTime)} ms, ${entry.value.toFixed(5)}: ${moved.join(", ")}`);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

export const layoutShifts = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);

/**
 * A server in front of the end-to-end server that passes every request on as it is, but sends the
 * document in two parts: everything before `cutBefore` at once, the rest only when the test calls
 * `sendRest()`. A browser paints what has arrived meanwhile, as it may on a slow link or a busy
 * phone; the test sends the rest once the page has painted, so that a busy machine's late first
 * paint cannot come after the whole document (a fixed pause could be outlasted).
 */
export async function startSlowDocumentProxy(
  cutBefore: string,
): Promise<{ origin: string; sendRest: () => void; close: () => Promise<void> }> {
  let sendRest: () => void = () => {};
  const restSent = new Promise<void>((resolve) => {
    sendRest = resolve;
  });
  const server = createServer((request, response) => {
    const upstream = httpRequest(
      `${E2E.origin}${request.url ?? "/"}`,
      {
        method: request.method,
        headers: { ...request.headers, host: new URL(E2E.origin).host, "accept-encoding": "identity" },
      },
      (answer) => {
        if (request.url !== "/") {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const parts: Buffer[] = [];
        answer.on("data", (part: Buffer) => parts.push(part));
        answer.on("end", () => {
          const html = Buffer.concat(parts).toString("utf8");
          const cut = html.indexOf(cutBefore);
          const headers = { ...answer.headers };
          delete headers["content-length"];
          response.writeHead(cut < 0 ? 502 : (answer.statusCode ?? 502), headers);
          if (cut < 0) return response.end(`the document has no ${cutBefore}`);
          response.write(html.slice(0, cut));
          void restSent.then(() => response.end(html.slice(cut)));
        });
      },
    );
    upstream.on("error", () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    sendRest,
    // The browser keeps its connections open (and the event stream, if one was opened): cut them.
    close: () =>
      new Promise<void>((resolve) => {
        sendRest();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
