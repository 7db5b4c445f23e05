import { useEffect } from "react";
import { documentTitle, type PageMeta, SITE_DESCRIPTION } from "#domain/page-meta.ts";

/**
 * Sets the tab title to "{title} · Mates" and the page's description (the site's own when a title
 * alone is given). The server writes the same into index.html for a first load of a public page
 * (#domain/page-meta.ts).
 */
export function usePageMeta(meta: PageMeta | string): void {
  const { title, description } = typeof meta === "string" ? { title: meta, description: SITE_DESCRIPTION } : meta;
  useEffect(() => {
    document.title = documentTitle(title);
    document.querySelector<HTMLMetaElement>('meta[name="description"]')?.setAttribute("content", description);
  }, [title, description]);
}
