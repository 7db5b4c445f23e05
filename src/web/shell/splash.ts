import { TIMINGS } from "#domain/constants.ts";

/**
 * The splash itself is HTML and CSS in index.html (painted before any script). This removes
 * it once its fade has ended — spec §2: shown 3.2 s, fades for 1 s, then the app — and keeps
 * the app out of reach of keyboard and screen reader while it is covered.
 */
let splashGone: Promise<void> = Promise.resolve();

/** Resolves once the splash is gone: things meant to be seen (a toast, a popup) wait for it. */
export function whenSplashGone(): Promise<void> {
  return splashGone;
}

export function scheduleSplashRemoval(root: HTMLElement): void {
  const splash = document.getElementById("splash");
  if (!splash) return;
  root.inert = true;

  let removed = false;
  let resolveGone = () => {};
  splashGone = new Promise((resolve) => {
    resolveGone = resolve;
  });
  const remove = () => {
    if (removed) return;
    removed = true;
    splash.remove();
    root.inert = false;
    resolveGone();
  };

  splash.addEventListener("animationend", remove, { once: true });
  // Timed from the start of navigation, like the CSS animation; also covers browsers that
  // skip animations altogether. A little slack lets the animation finish on its own first.
  const total = TIMINGS.splashMs + TIMINGS.splashFadeMs;
  window.setTimeout(remove, Math.max(0, total - performance.now()) + 100);
}
