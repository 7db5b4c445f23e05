import { useEffect } from "react";
import { documentTitle, type PageMeta } from "#domain/page-meta.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { shellMessages } from "#web/shell/shell-messages.ts";

/**
 * Sets the tab title to "{title} · Mates" and the page's description (the site's own when a title
 * alone is given), in the active language: callers pass texts from their catalogs. The server
 * writes the English into index.html for a first load of a public page (#domain/page-meta.ts).
 */
export function usePageMeta(meta: PageMeta | string): void {
  const t = useT(shellMessages);
  const { title, description } = typeof meta === "string" ? { title: meta, description: t("siteDescription") } : meta;
  useEffect(() => {
    document.title = documentTitle(title);
    document.querySelector<HTMLMetaElement>('meta[name="description"]')?.setAttribute("content", description);
  }, [title, description]);
}
