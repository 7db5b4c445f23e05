import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { catalogueSchema, serviceSchema, slugSchema } from "#domain/catalogue.ts";
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "#domain/i18n/locales.ts";
import { notFound, parseInput } from "#server/http/errors.ts";
import type { DoorLookup } from "#server/http/front-door.ts";
import { errors, json, pathParam, queryParams } from "#server/http/openapi.ts";
import { sendPrepared } from "#server/http/prepared.ts";
import type { CatalogueAnswers } from "./catalogue-answers.ts";

/** Browsers revalidate with the ETag on every use, so an edited catalogue shows at once. */
const REVALIDATE = "public, no-cache";

/**
 * `?lang=hi-IN`: the language of the answer (record 070), English when absent. In the URL, not a
 * header, so that every cache (the browser's, the service worker's) keeps each language apart.
 */
const languageQuery = z.object({ lang: z.enum(LOCALES, "lang must be en-IN, hi-IN or mr-IN.").optional() }).strict();
const lang = (query: Record<string, string>): Locale =>
  parseInput(languageQuery, query.lang === undefined ? {} : { lang: query.lang }).lang ?? DEFAULT_LOCALE;

export function catalogueRoutes(answers: CatalogueAnswers) {
  return new Hono()
    .get(
      "/",
      describeRoute({
        tags: ["Catalogue"],
        summary: "The whole catalogue, grouped, in a language",
        parameters: queryParams(languageQuery),
        responses: {
          200: json(
            "Every service, by group, with ETag revalidation; untranslated fields in English.",
            catalogueSchema,
          ),
          ...errors(400),
        },
      }),
      async (c) => sendPrepared(c, await answers.whole(lang(c.req.query())), REVALIDATE),
    )
    .get(
      "/:name",
      describeRoute({
        tags: ["Catalogue"],
        summary: "One service by name",
        parameters: [
          pathParam("name", slugSchema, "The service's name, e.g. `plumber`."),
          ...queryParams(languageQuery),
        ],
        responses: { 200: json("The service.", z.object({ service: serviceSchema })), ...errors(400, 404) },
      }),
      async (c) => {
        const name = parseInput(slugSchema, c.req.param("name"));
        const answer = await answers.service(name, lang(c.req.query()));
        if (!answer) throw notFound(`There is no service called "${name}".`);
        return sendPrepared(c, answer, REVALIDATE);
      },
    );
}

const WHOLE_PATH = "/api/services";
const ONE_PREFIX = `${WHOLE_PATH}/`;

/**
 * The language a query string asks for, as the routes read it: English without `lang`, undefined
 * for anything the routes might answer otherwise (an unknown language, `lang` twice). Other
 * parameters are ignored, by the routes too.
 */
function doorLanguage(query: string): Locale | undefined {
  if (query === "") return DEFAULT_LOCALE;
  const asked = new URLSearchParams(query).getAll("lang");
  if (asked.length === 0) return DEFAULT_LOCALE;
  return asked.length === 1 && isLocale(asked[0]) ? asked[0] : undefined;
}

/**
 * The same answers for the front door (http/front-door.ts), while they are fresh: the whole
 * catalogue and each service by its exact name, in the language `lang=<locale>` asks for. Anything
 * else (an unknown or malformed name or language, a check due) is left to the routes above.
 */
export function catalogueAtTheDoor(answers: CatalogueAnswers): DoorLookup {
  return (path, query) => {
    if (!path.startsWith(WHOLE_PATH)) return undefined;
    const locale = doorLanguage(query);
    if (!locale) return undefined;
    const ready = answers.ready(locale);
    if (!ready) return undefined;
    const answer =
      path === WHOLE_PATH
        ? ready.whole
        : path.startsWith(ONE_PREFIX)
          ? ready.services.get(path.slice(ONE_PREFIX.length))
          : undefined;
    return answer && { answer, cacheControl: REVALIDATE };
  };
}
