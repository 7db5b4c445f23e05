import type { Service } from "./catalogue.ts";
import { BRAND } from "./constants.ts";
import type { PageMeta } from "./page-meta.ts";

/**
 * The public pages a search engine lists (the sitemap's), other than home, each with its own title
 * and description: written into index.html by the server for the first load
 * (src/server/site/site.ts) and set by the page itself afterwards (usePageMeta), so both say the
 * same. Apart from page-meta.ts so that the home page's start-up code does not carry them.
 */
export const PUBLIC_PAGE_META = {
  about: {
    title: "About",
    description: `Who ${BRAND} is, how booking a verified professional works, what it costs, how to work with us, and how to reach support, with our terms and privacy policy.`,
  },
  join: {
    title: "Work with Mates",
    description: `Plumbers, electricians, carpenters, painters, cleaners and delivery riders of Mumbai: apply to work with ${BRAND}, get verified and take bookings near home.`,
  },
  festivals: {
    title: "Festivals",
    description:
      "Get your Mumbai home ready for Diwali, Ganesh Chaturthi, Navratri, Christmas and the monsoon in one go: each package puts its services and shop items in your cart.",
  },
} as const satisfies Record<string, PageMeta>;

/** The longest description search engines show in full; longer ones are cut at a word. */
const DESCRIPTION_LIMIT = 160;

function shortened(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= DESCRIPTION_LIMIT) return flat;
  const cut = flat.slice(0, DESCRIPTION_LIMIT - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ")).replace(/[,;:.]$/, "")}…`;
}

/** A service's page: its title (with its group for Renova and Nearkart) and its own description. */
export function serviceMeta(service: Service): PageMeta {
  const grouped = service.group === "Renova" || service.group === "Nearkart";
  return {
    title: grouped ? `${service.title} · ${service.group}` : service.title,
    description: shortened(service.description),
  };
}
