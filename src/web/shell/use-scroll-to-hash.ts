import { useEffect } from "react";
import { useLocation } from "react-router";

/** What a person does to scroll or move on: from then on, the page is theirs to move. */
const TAKING_OVER = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/** How long after a navigation parts loaded on demand may still move the anchor. */
const SETTLE_MS = 5000;

/**
 * The router's ScrollRestoration scrolls to `#anchor` when the element is already on the page.
 * Parts that render a moment later are caught here: when the anchor appears, it is scrolled into
 * view, and it is kept there while the parts above it are still arriving (the home page's sections
 * below the services and the footer load on demand, in either order), until the person scrolls,
 * touches, clicks or types, or a few seconds have passed.
 */
export function useScrollToHash(): void {
  const location = useLocation();
  useEffect(() => {
    if (!location.hash) return;
    let id: string;
    try {
      id = decodeURIComponent(location.hash.slice(1));
    } catch {
      return;
    }
    let placedTop: number | undefined;
    const observer = new MutationObserver(() => {
      const target = document.getElementById(id);
      if (!target) return;
      if (placedTop !== undefined && Math.abs(target.getBoundingClientRect().top - placedTop) < 1) return;
      target.scrollIntoView();
      placedTop = target.getBoundingClientRect().top;
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
      for (const type of TAKING_OVER) window.removeEventListener(type, stop, true);
    };
    const timer = window.setTimeout(stop, SETTLE_MS);
    for (const type of TAKING_OVER) window.addEventListener(type, stop, { capture: true, passive: true });
    return stop;
  }, [location]);
}
