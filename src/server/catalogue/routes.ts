import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { catalogueSchema, serviceSchema, slugSchema } from "#domain/catalogue.ts";
import { notFound, parseInput } from "#server/http/errors.ts";
import { errors, json, pathParam } from "#server/http/openapi.ts";
import { sendPrepared } from "#server/http/prepared.ts";
import type { CatalogueAnswers } from "./catalogue-answers.ts";

/** Browsers revalidate with the ETag on every use, so an edited catalogue shows at once. */
const REVALIDATE = "public, no-cache";

export function catalogueRoutes(answers: CatalogueAnswers) {
  return new Hono()
    .get(
      "/",
      describeRoute({
        tags: ["Catalogue"],
        summary: "The whole catalogue, grouped",
        responses: { 200: json("Every service, by group, with ETag revalidation.", catalogueSchema) },
      }),
      async (c) => sendPrepared(c, await answers.whole(), REVALIDATE),
    )
    .get(
      "/:name",
      describeRoute({
        tags: ["Catalogue"],
        summary: "One service by name",
        parameters: [pathParam("name", slugSchema, "The service's name, e.g. `plumber`.")],
        responses: { 200: json("The service.", z.object({ service: serviceSchema })), ...errors(400, 404) },
      }),
      async (c) => {
        const name = parseInput(slugSchema, c.req.param("name"));
        const answer = await answers.service(name);
        if (!answer) throw notFound(`There is no service called "${name}".`);
        return sendPrepared(c, answer, REVALIDATE);
      },
    );
}
