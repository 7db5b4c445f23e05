import type { createAppRouter } from "#web/routes.tsx";

/**
 * The longest a piece of deferred work waits for an idle moment: a main thread that stays busy, or
 * a hidden tab whose browser gives it none, still gets it within the splash (3.2 s + 1 s).
 */
const IDLE_AT_MOST_MS = 1000;

/** Runs when the main thread is idle; Safari has no requestIdleCallback, so there a short wait. */
export function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(run, { timeout: IDLE_AT_MOST_MS });
  else window.setTimeout(run, 50);
}

/**
 * Resolves once the first page is drawn: the app's stylesheet has loaded (the app renders only
 * then), the router has the page (its chunk loaded), and the main thread has since fallen idle,
 * which it seldom does while that page renders (decision 041). What the first screen does not draw
 * waits for this, so that on a slow phone its code neither delays the page's render nor shares the
 * network with what the page asks for.
 */
export async function firstPageDrawn(
  router: ReturnType<typeof createAppRouter>,
  stylesheet: Promise<void>,
): Promise<void> {
  await stylesheet;
  await new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
  await new Promise<void>((resolve) => whenIdle(resolve));
}
