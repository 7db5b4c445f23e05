import { Hono } from "hono";
import { requestId } from "hono/request-id";
import type { Logger } from "pino";
import { catalogueRoutes } from "./catalogue/routes.ts";
import type { Config } from "./config.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { healthRoutes } from "./health/routes.ts";
import { errorBody, errorHandler } from "./http/errors.ts";
import { requestLog } from "./http/request-log.ts";
import { spaHandler } from "./http/spa.ts";

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /** Folder of the built SPA; undefined serves the API only (tests). */
  webRoot: string | undefined;
};

/** Composes every route of the product. main.ts serves it; tests call app.request() in process. */
export function createApp({ database, logger, webRoot }: AppDeps) {
  const api = new Hono()
    .route("/health", healthRoutes(database))
    .route("/services", catalogueRoutes(database.db))
    .all("*", (c) => c.json(errorBody("not_found", `No API route ${c.req.method} ${c.req.path}.`), 404));

  const app = new Hono();
  app.use(requestId());
  app.use(requestLog(logger));
  app.onError(errorHandler(logger));
  app.route("/api", api);
  if (webRoot) app.get("*", spaHandler(webRoot));
  app.notFound((c) => c.json(errorBody("not_found", `Nothing at ${c.req.method} ${c.req.path}.`), 404));
  return app;
}

export type App = ReturnType<typeof createApp>;
