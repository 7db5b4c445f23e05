import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { matchAppPath } from "#domain/app-paths.ts";
import { servicePath } from "#domain/catalogue.ts";
import { HOME_PAGE_META, type PageMeta } from "#domain/page-meta.ts";
import { PUBLIC_PAGE_META, serviceMeta } from "#domain/page-meta-public.ts";
import { allServices, findService } from "#domain/service-lookup.ts";
import type { CatalogueAnswers } from "#server/catalogue/catalogue-answers.ts";
import { prepare, sendPrepared } from "#server/http/prepared.ts";
import type { PageAnswer } from "#server/http/spa.ts";

/** What a crawler may read: the public pages; never a customer's, a mate's or a booking step. */
const PRIVATE_PATHS = [
  "/profile",
  "/invoice/",
  "/cart",
  "/book",
  "/booking/",
  "/mate",
  "/ops",
  "/reset-password",
  "/payment",
  "/checkout",
];

/** The public pages that are not a service: home, the services list, about, festivals, joining. */
const PUBLIC_PAGES = ["/", "/services", "/about", "/festivals", "/join"];

const DAY = "public, max-age=86400";

/** The public pages that are not a service, by their path pattern. */
const PUBLIC_META: Record<string, PageMeta> = {
  "/": HOME_PAGE_META,
  "/services": HOME_PAGE_META,
  "/about": PUBLIC_PAGE_META.about,
  "/festivals": PUBLIC_PAGE_META.festivals,
  "/join": PUBLIC_PAGE_META.join,
};

/**
 * What index.html says for a web app path that is not a file: 200 for the app's pages, 404 for
 * anything else and for a service page naming no service of its group (the app shows "Page not
 * found" either way); the title and description of a public page or a service. If the catalogue
 * cannot be read, a service page is answered as found: the app shows its own error.
 */
export function pageAnswers(answers: CatalogueAnswers) {
  return async (path: string): Promise<PageAnswer> => {
    const match = matchAppPath(path);
    if (!match) return { status: 404 };
    if (!match.serviceGroup || match.param === undefined) {
      const meta = PUBLIC_META[match.pattern];
      return meta ? { status: 200, meta } : { status: 200 };
    }
    try {
      const catalogue = await answers.catalogue();
      const group = match.serviceGroup === "any" ? undefined : match.serviceGroup;
      const service = findService(catalogue, match.param, group);
      return service ? { status: 200, meta: serviceMeta(service) } : { status: 404 };
    } catch {
      return { status: 200 };
    }
  };
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** `/robots.txt` and `/sitemap.xml`, made from the app's origin and the catalogue. */
export function siteRoutes({ appOrigin, answers }: { appOrigin: string; answers: CatalogueAnswers }) {
  const robots = prepare(
    "text/plain; charset=utf-8",
    [
      "User-agent: *",
      ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
      "Allow: /",
      "",
      `Sitemap: ${appOrigin}/sitemap.xml`,
      "",
    ].join("\n"),
  );
  return new Hono()
    .get(
      "/robots.txt",
      describeRoute({
        tags: ["Site"],
        summary: "What crawlers may read, and where the sitemap is",
        responses: { 200: { description: "robots.txt", content: { "text/plain": {} } } },
      }),
      async (c) => sendPrepared(c, await robots, DAY),
    )
    .get(
      "/sitemap.xml",
      describeRoute({
        tags: ["Site"],
        summary: "The public pages, every service on its group's page",
        responses: { 200: { description: "A sitemaps.org urlset", content: { "application/xml": {} } } },
      }),
      async (c) => {
        const catalogue = await answers.catalogue();
        const paths = [...PUBLIC_PAGES, ...allServices(catalogue).map(servicePath)];
        const urls = paths.map((path) => `  <url><loc>${xmlEscape(`${appOrigin}${path}`)}</loc></url>`);
        const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
        return sendPrepared(c, await prepare("application/xml; charset=utf-8", xml), "public, max-age=3600");
      },
    );
}
