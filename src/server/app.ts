import type { RequestListener } from "node:http";
import { Hono, type MiddlewareHandler } from "hono";
import { requestId } from "hono/request-id";
import type { Logger } from "pino";
import { apiRoutes } from "./api.ts";
import type { Auth } from "./auth/auth.ts";
import { authOptionsAnswer, authOptionsAtTheDoor } from "./auth/routes.ts";
import { forwardSessionCookies } from "./auth/session.ts";
import type { CatalogueAnswers } from "./catalogue/catalogue-answers.ts";
import { catalogueAtTheDoor } from "./catalogue/routes.ts";
import { type AppDeps, composeCapabilities } from "./compose.ts";
import { DEFAULT_EVENT_STREAM } from "./events/routes.ts";
import { errorBody, errorHandler } from "./http/errors.ts";
import { type DoorAnswer, firstAnswer, headersOf, withFrontDoor } from "./http/front-door.ts";
import { generateDocument, type OpenApiDocument } from "./http/openapi.ts";
import { requestLog } from "./http/request-log.ts";
import { cspSourcesWith, securityHeaders } from "./http/security-headers.ts";
import { spaHandler } from "./http/spa.ts";
import { countedMailer } from "./metrics/counted.ts";
import { createMetrics, type Metrics } from "./metrics/metrics.ts";
import { metricsRoutes } from "./metrics/routes.ts";
import { razorpayCspOrigins } from "./payments/gateway.ts";
import type { Queue } from "./queue/queue.ts";
import { pageAnswers, siteRoutes } from "./site/site.ts";

/** The version of the API's contract in /api/openapi.json. */
const API_VERSION = "1.0.0";

/** Composes every route of the product. main.ts serves it; tests call app.request() in process. */
export function createApp(given: AppDeps): {
  app: Hono;
  /** Puts the front door before a node:http listener of this app (`getRequestListener(app.fetch)`). */
  frontDoor: (inner: RequestListener) => RequestListener;
  auth: Auth;
  queue: Queue;
  metrics: Metrics;
} {
  const { config, logger } = given;
  const metrics = createMetrics({
    database: given.database,
    logger,
    redisStatus: given.redisStatus,
    now: given.now,
    withProcessMetrics: config.metricsToken !== undefined,
  });
  // Every mail (auth's included) and every event stream is counted for /metrics.
  const deps: AppDeps = {
    ...given,
    mailer: countedMailer(given.mailer, metrics),
    eventStream: { ...(given.eventStream ?? DEFAULT_EVENT_STREAM), streams: metrics.streams },
  };
  const capabilities = composeCapabilities(deps, metrics);
  const { catalogue } = capabilities;
  const authOptions = authOptionsAnswer(Boolean(config.google));
  let openApi: Promise<OpenApiDocument> | undefined;
  const api = apiRoutes(deps, capabilities, {
    authOptions,
    openApi: () => (openApi ??= generateDocument(app, API_VERSION)),
  });

  // A request's line holds ids, the method, a path with its secret segments cut, the status and the
  // time: nothing the logger's redaction looks for, so it skips that pass, which costs a small
  // public answer about a tenth of its throughput (docs/benchmarks.md). Every other line keeps it.
  const requestLogger = logger.child({}, { redact: [] });
  const csp = cspSourcesWith(razorpayCspOrigins(config.razorpay));
  const security = securityHeaders({ production: config.nodeEnv === "production", sources: csp });
  const app = new Hono();
  // First, so that its time includes every other middleware's.
  app.use(metrics.http);
  app.use(security);
  app.use(requestId());
  app.use(requestLog(requestLogger));
  app.use(forwardSessionCookies());
  app.onError(errorHandler(logger));
  app.route("/api", api);
  // Outside /api (Prometheus scrapes it, not the app), and before the SPA's catch-all.
  app.route("/metrics", metricsRoutes(metrics.registry, config.metricsToken, logger));
  app.route("/", siteRoutes({ appOrigin: config.appOrigin, answers: catalogue }));
  if (deps.webRoot) app.get("*", spaHandler(deps.webRoot, pageAnswers(catalogue), csp));
  // Generated once, from the composed routes, and served from memory afterwards.
  openApi = generateDocument(app, API_VERSION);
  openApi.catch((error: unknown) => logger.error({ err: error }, "could not generate the OpenAPI document"));
  app.notFound((c) => c.json(errorBody("not_found", `Nothing at ${c.req.method} ${c.req.path}.`), 404));

  const frontDoor = frontDoorOf({ security, logger, requestLogger, catalogue, authOptions, metrics });
  return { app, auth: capabilities.auth, queue: capabilities.queue, frontDoor, metrics };
}

/**
 * The catalogue's answers and the sign-in methods go out at the front door, with the security
 * headers this app gives them (asked of its middleware once; until then the app answers them itself).
 */
function frontDoorOf(parts: {
  security: MiddlewareHandler;
  logger: Logger;
  requestLogger: Logger;
  catalogue: CatalogueAnswers;
  authOptions: DoorAnswer;
  metrics: Metrics;
}) {
  let doorHeaders: Record<string, string> | undefined;
  headersOf(parts.security, "/api/services").then(
    (headers) => {
      doorHeaders = headers;
    },
    (error: unknown) =>
      parts.logger.error({ err: error }, "could not read the security headers; the app answers everything"),
  );
  return (inner: RequestListener) =>
    withFrontDoor(
      {
        lookup: firstAnswer(catalogueAtTheDoor(parts.catalogue), authOptionsAtTheDoor(parts.authOptions)),
        headers: () => doorHeaders,
        logger: parts.requestLogger,
        observe: parts.metrics.door,
      },
      inner,
    );
}
