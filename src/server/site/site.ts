import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { matchAppPath } from "#domain/app-paths.ts";
import { servicePath } from "#domain/catalogue.ts";
import { allServices, findService } from "#domain/service-lookup.ts";
import type { CatalogueAnswers } from "#server/catalogue/catalogue-answers.ts";
import { prepare, sendPrepared } from "#server/http/prepared.ts";

/** What a crawler may read: the public pages; never a customer's, a mate's or a booking step. */
const PRIVATE_PATHS = ["/profile", "/cart", "/book", "/booking/", "/mate", "/reset-password", "/payment", "/checkout"];

/** The public pages that are not a service: home, the services list, about, festivals. */
const PUBLIC_PAGES = ["/", "/services", "/about", "/festivals"];

const DAY = "public, max-age=86400";

/**
 * The status of a web app path that is not a file: 200 for the app's pages, 404 for anything else
 * and for a service page naming no service of its group (the app shows "Page not found" either way).
 * If the catalogue cannot be read, the page is answered as found: the app shows its own error.
 */
export function pageStatus(answers: CatalogueAnswers) {
  return async (path: string): Promise<200 | 404> => {
    const match = matchAppPath(path);
    if (!match) return 404;
    if (!match.serviceGroup || match.param === undefined) return 200;
    try {
      const catalogue = await answers.catalogue();
      const group = match.serviceGroup === "any" ? undefined : match.serviceGroup;
      return findService(catalogue, match.param, group) ? 200 : 404;
    } catch {
      return 200;
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
