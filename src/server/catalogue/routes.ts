import { Hono } from "hono";
import { etag } from "hono/etag";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { catalogueSchema, serviceSchema, slugSchema } from "#domain/catalogue.ts";
import type { Database } from "#server/db/client.ts";
import { notFound, parseInput } from "#server/http/errors.ts";
import { errors, json, pathParam } from "#server/http/openapi.ts";
import { findService, loadCatalogue } from "./catalogue.ts";

/** Browsers revalidate with the ETag on every use, so an edited catalogue shows at once. */
const REVALIDATE = "public, no-cache";

export function catalogueRoutes(db: Database) {
  return new Hono()
    .use(etag())
    .get(
      "/",
      describeRoute({
        tags: ["Catalogue"],
        summary: "The whole catalogue, grouped",
        responses: { 200: json("Every service, by group, with ETag revalidation.", catalogueSchema) },
      }),
      async (c) => {
        c.header("Cache-Control", REVALIDATE);
        return c.json(await loadCatalogue(db));
      },
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
        const service = await findService(db, name);
        if (!service) throw notFound(`There is no service called "${name}".`);
        c.header("Cache-Control", REVALIDATE);
        return c.json({ service });
      },
    );
}
