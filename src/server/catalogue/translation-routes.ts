import { describeRoute } from "hono-openapi";
import { slugSchema } from "#domain/catalogue.ts";
import {
  serviceTextsSchema,
  serviceTranslationsResponseSchema,
  translatedLocaleSchema,
  translationListSchema,
} from "#domain/catalogue-translations.ts";
import type { Auth } from "#server/auth/auth.ts";
import { roleRouter } from "#server/auth/session.ts";
import type { AppDeps } from "#server/context.ts";
import { parseInput } from "#server/http/errors.ts";
import { errors, json, jsonBody, pathParam } from "#server/http/openapi.ts";
import { listTranslations, saveTranslation, serviceTranslationsOf } from "./translation-edits.ts";

const tags = ["Operations"];
const security = [{ session: [] }];

/** `/api/ops/translations` (issue 40, record 070): the catalogue's Hindi and Marathi texts, edited by operators. */
export function translationRoutes(deps: Pick<AppDeps, "db"> & { auth: Auth }) {
  return roleRouter(deps.auth, "operator")
    .get(
      "/",
      describeRoute({
        tags,
        security,
        summary: "Every service, with how many of its texts each language has",
        responses: { 200: json("The services.", translationListSchema), ...errors(401, 403) },
      }),
      async (c) => c.json(await listTranslations(deps.db)),
    )
    .get(
      "/:service",
      describeRoute({
        tags,
        security,
        summary: "A service's English texts beside its Hindi and Marathi ones",
        parameters: [pathParam("service", slugSchema, "The service's name.")],
        responses: {
          200: json(
            "The service and its translations; null where not yet translated.",
            serviceTranslationsResponseSchema,
          ),
          ...errors(400, 401, 403, 404),
        },
      }),
      async (c) => c.json(await serviceTranslationsOf(deps.db, parseInput(slugSchema, c.req.param("service")))),
    )
    .put(
      "/:service/:locale",
      describeRoute({
        tags,
        security,
        summary: "Set a service's texts in one language; audited",
        description:
          "The texts as a whole: a field given null, and an option left out, show in English again. Customers see the change within a second.",
        parameters: [
          pathParam("service", slugSchema, "The service's name."),
          pathParam("locale", translatedLocaleSchema, "hi-IN or mr-IN."),
        ],
        requestBody: jsonBody(serviceTextsSchema),
        responses: {
          200: json("The service and its translations now.", serviceTranslationsResponseSchema),
          ...errors(400, 401, 403, 404, 429),
        },
      }),
      async (c) => {
        const name = parseInput(slugSchema, c.req.param("service"));
        const locale = parseInput(translatedLocaleSchema, c.req.param("locale"));
        const texts = parseInput(serviceTextsSchema, await c.req.json());
        return c.json(await saveTranslation(deps.db, c.get("userId"), name, locale, texts));
      },
    );
}
