import type { createAppRouter } from "#web/routes.tsx";

/** Runs when the main thread is idle; Safari has no requestIdleCallback, so there a short wait. */
export function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(run);
  else window.setTimeout(run, 50);
}

/**
 * Resolves once the first page is drawn: the router has it (its chunk loaded), and the main thread
 * has since fallen idle, which it seldom does while that page renders (decision 041). What the
 * first screen does not draw waits for this, so that on a slow phone its code neither delays the
 * page's render nor shares the network with what the page asks for.
 */
export function firstPageDrawn(router: ReturnType<typeof createAppRouter>): Promise<void> {
  return new Promise((resolve) => {
    const drawn = () => whenIdle(() => resolve());
    if (router.state.initialized) return drawn();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      drawn();
    });
  });
}
