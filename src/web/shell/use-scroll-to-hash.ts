import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * The router's ScrollRestoration scrolls to `#anchor` when the element is already on the
 * page. Parts that render a moment later (the footer, loaded on demand) are caught here: when
 * the anchor appears within a few seconds, it is scrolled into view.
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
    if (document.getElementById(id)) return;
    const observer = new MutationObserver(() => {
      const target = document.getElementById(id);
      if (!target) return;
      observer.disconnect();
      target.scrollIntoView();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), 5000);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [location]);
}
