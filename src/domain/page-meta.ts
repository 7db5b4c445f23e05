import { BRAND, TAGLINE } from "./constants.ts";

/** A page's title (before " · Mates") and its description, for the tab, search results and shares. */
export type PageMeta = { title: string; description: string };

/** The description of a page that has none of its own (a private page, a booking step). */
export const SITE_DESCRIPTION = `${BRAND}: book verified home-service professionals in the Mumbai area. ${TAGLINE}.`;

/**
 * The home page's title and description. Every page sets its own with usePageMeta; the server writes
 * a public page's into index.html for a first load (src/server/site/site.ts), so both say the same.
 * The other public pages' are in page-meta-public.ts, which only their own code loads.
 */
export const HOME_PAGE_META = { title: TAGLINE, description: SITE_DESCRIPTION } as const satisfies PageMeta;

/** The document title of a page: "{title} · Mates". */
export function documentTitle(title: string): string {
  return `${title} · ${BRAND}`;
}
