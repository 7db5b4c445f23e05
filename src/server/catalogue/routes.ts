import { Hono } from "hono";
import { etag } from "hono/etag";
import { slugSchema } from "#domain/catalogue.ts";
import type { Database } from "../db/client.ts";
import { notFound, parseInput } from "../http/errors.ts";
import { findService, loadCatalogue } from "./catalogue.ts";

/** Browsers revalidate with the ETag on every use, so an edited catalogue shows at once. */
const REVALIDATE = "public, no-cache";

export function catalogueRoutes(db: Database) {
  return new Hono()
    .use(etag())
    .get("/", async (c) => {
      c.header("Cache-Control", REVALIDATE);
      return c.json(await loadCatalogue(db));
    })
    .get("/:name", async (c) => {
      const name = parseInput(slugSchema, c.req.param("name"));
      const service = await findService(db, name);
      if (!service) throw notFound(`There is no service called "${name}".`);
      c.header("Cache-Control", REVALIDATE);
      return c.json({ service });
    });
}
