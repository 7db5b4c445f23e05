import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { catalogueSchema, serviceSchema, slugSchema } from "#domain/catalogue.ts";
import { notFound, parseInput } from "#server/http/errors.ts";
import type { DoorLookup } from "#server/http/front-door.ts";
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

const WHOLE_PATH = "/api/services";
const ONE_PREFIX = `${WHOLE_PATH}/`;

/**
 * The same answers for the front door (http/front-door.ts), while they are fresh: the whole
 * catalogue and each service by its exact name. Anything else (an unknown or malformed name, a
 * check due) is left to the routes above.
 */
export function catalogueAtTheDoor(answers: CatalogueAnswers): DoorLookup {
  return (path) => {
    if (!path.startsWith(WHOLE_PATH)) return undefined;
    const ready = answers.ready();
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
