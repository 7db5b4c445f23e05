import type { RequestListener } from "node:http";
import type { Agent } from "node:https";
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { describeRoute } from "hono-openapi";
import type { Logger } from "pino";
import { CHAT_RULES } from "#domain/chat.ts";
import { isServedAddress } from "./addresses/addresses.ts";
import { addressRoutes } from "./addresses/routes.ts";
import type { ApplicationDeps } from "./applications/deps.ts";
import { DELETE_DOCUMENTS, deleteDocuments } from "./applications/document-deletion.ts";
import { applicationOpsRoutes, applicationRoutes } from "./applications/routes.ts";
import { type Auth, createAuth } from "./auth/auth.ts";
import { createRevocations } from "./auth/revocation.ts";
import {
  type AuthLimits,
  authLimitRules,
  authOptionsAnswer,
  authOptionsAtTheDoor,
  authRoutes,
  DEFAULT_AUTH_LIMITS,
} from "./auth/routes.ts";
import { checkRevocations, forwardSessionCookies, sessionUserId } from "./auth/session.ts";
import { bookingRoutes } from "./bookings/routes.ts";
import { bookingHandlers } from "./bookings/timed.ts";
import type { Cache } from "./cache/cache.ts";
import { cartRoutes } from "./cart/routes.ts";
import { createCatalogueAnswers } from "./catalogue/catalogue-answers.ts";
import { catalogueAtTheDoor, catalogueRoutes } from "./catalogue/routes.ts";
import { customerChatRoutes, mateChatRoutes, operatorChatRoutes } from "./chat/routes.ts";
import type { Config } from "./config.ts";
import type { DatabaseHandle } from "./db/client.ts";
import type { EventBus } from "./events/bus.ts";
import { type EventStreamOptions, eventRoutes } from "./events/routes.ts";
import { loadGazetteer } from "./geo/gazetteer.ts";
import { createGeoService } from "./geo/geo.ts";
import { geoRoutes } from "./geo/routes.ts";
import { healthRoutes } from "./health/routes.ts";
import { errorBody, errorHandler } from "./http/errors.ts";
import { firstAnswer, headersOf, withFrontDoor } from "./http/front-door.ts";
import { generateDocument, type OpenApiDocument } from "./http/openapi.ts";
import { requestLog } from "./http/request-log.ts";
import { sameOrigin } from "./http/same-origin.ts";
import { cspSourcesWith, securityHeaders } from "./http/security-headers.ts";
import { spaHandler } from "./http/spa.ts";
import type { Mailer } from "./mail/mailer.ts";
import { mateRoutes } from "./mates/routes.ts";
import type { NotificationDeps } from "./notifications/notification-deps.ts";
import { notificationHandlers } from "./notifications/notify.ts";
import { createPushSender, vapidKeys } from "./notifications/push.ts";
import { notificationSettingsRoutes, pushRoutes, UNSUBSCRIBE_PATH, unsubscribeRoutes } from "./notifications/routes.ts";
import { operatorRoutes } from "./ops/routes.ts";
import { type PaymentDeps, razorpayCspOrigins } from "./payments/gateway.ts";
import { paymentHandlers } from "./payments/payment-work.ts";
import { customerPaymentRoutes, paymentRoutes } from "./payments/routes.ts";
import { createQueue, type Queue } from "./queue/queue.ts";
import { createLimits, type LimitStore } from "./rate-limit/limits.ts";
import { limitPerAddress, limitWritesPerUser } from "./rate-limit/middleware.ts";
import { RATING_AGES_OUT, ratingAgedOut } from "./ratings/ratings.ts";
import { customerRatingRoutes, mateRatingRoutes, operatorReviewRoutes, reviewRoutes } from "./ratings/routes.ts";
import type { RedisStatus } from "./redis/redis.ts";
import { customerReworkRoutes, reworkPhotoRoutes } from "./rework/routes.ts";
import { pageAnswers, siteRoutes } from "./site/site.ts";
import { createDocumentStore, type DocumentStore } from "./uploads/document-store.ts";

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  mailer: Mailer;
  /** Where rate-limit counts live: this process by default, or Redis shared by every instance. */
  limitStore?: LimitStore;
  /** Shared across instances (Redis) when REDIS_URL is set. */
  cache: Cache;
  /** Live changes for /api/events: in memory, or across instances through Redis. */
  events: EventBus;
  /** Whether Redis is up, for /api/health; undefined when REDIS_URL is not set. */
  redisStatus?: RedisStatus;
  eventStream?: EventStreamOptions;
  /** The clock of slot and cancellation rules (tests set it). */
  now?: () => Date;
  /** Signs sessions and the browser's authToken. */
  authSecret: string;
  authLimits?: AuthLimits;
  /** Folder of the built SPA; undefined serves the API only (tests). */
  webRoot: string | undefined;
  /** Where applicants' documents are kept; by default what the config says (files or S3). */
  documents?: DocumentStore;
  /** How pushes reach the push services (tests: an agent that trusts their local stand-in's certificate). */
  pushAgent?: Agent;
};

/** Where Razorpay posts its webhook (the URL to register in its dashboard, under APP_ORIGIN). */
export const RAZORPAY_WEBHOOK_PATH = "/api/payments/razorpay/webhook";

/** The version of the API's contract in /api/openapi.json. */
const API_VERSION = "1.0.0";

/** Composes every route of the product. main.ts serves it; tests call app.request() in process. */
export function createApp(deps: AppDeps): {
  app: Hono;
  /** Puts the front door before a node:http listener of this app (`getRequestListener(app.fetch)`). */
  frontDoor: (inner: RequestListener) => RequestListener;
  auth: Auth;
  queue: Queue;
} {
  const { config, database, logger, webRoot } = deps;
  const auth = createAuth({ config, db: database.db, mailer: deps.mailer, secret: deps.authSecret, logger });
  const revocations = createRevocations(deps.events, config.sessionCacheSeconds);
  checkRevocations(auth, revocations);
  const gazetteer = loadGazetteer();
  const bookingDeps: PaymentDeps & { auth: Auth } = {
    auth,
    db: database.db,
    events: deps.events,
    gazetteer,
    logger,
    visitingChargeRupees: config.visitingChargeRupees,
    setOffWindowMinutes: config.setOffWindowMinutes,
    seller: config.seller,
    razorpay: config.razorpay,
    ...(deps.now ? { now: deps.now } : {}),
  };
  const applicationDeps: ApplicationDeps & { auth: Auth } = {
    auth,
    db: database.db,
    store: deps.documents ?? createDocumentStore(config.uploads),
    logger,
    appOrigin: config.appOrigin,
    events: deps.events,
    ...(deps.now ? { now: deps.now } : {}),
  };
  const vapid = vapidKeys(config.vapid, config.dataDir, logger);
  const notificationDeps: NotificationDeps = {
    ...bookingDeps,
    mailer: deps.mailer,
    push: createPushSender(vapid, deps.pushAgent ? { agent: deps.pushAgent } : {}),
    appOrigin: config.appOrigin,
    secret: deps.authSecret,
  };
  // The durable queue runs the bookings' later work and every notice; its caller starts and stops it.
  const queue = createQueue({
    db: database.db,
    logger,
    handlers: {
      ...bookingHandlers(bookingDeps),
      ...paymentHandlers(bookingDeps),
      [DELETE_DOCUMENTS]: (payload) => deleteDocuments(applicationDeps, payload),
      [RATING_AGES_OUT]: (payload) => ratingAgedOut(bookingDeps, payload),
      ...notificationHandlers(notificationDeps),
    },
    ...(deps.now ? { now: deps.now } : {}),
  });
  bookingDeps.queue = queue;
  notificationDeps.queue = queue;
  applicationDeps.queue = queue;
  const reworkDeps = { ...bookingDeps, store: applicationDeps.store };
  const booking = bookingRoutes(bookingDeps);
  const customerPayments = customerPaymentRoutes(bookingDeps);

  const { rateLimits } = config;
  const limits = createLimits(
    {
      ...authLimitRules(deps.authLimits ?? DEFAULT_AUTH_LIMITS),
      "geo.reverse": { max: rateLimits.geoReversePerMinute, windowSeconds: 60 },
      "geo.search": { max: rateLimits.geoSearchPerMinute, windowSeconds: 60 },
      "geo.paidCalls": { max: rateLimits.geoPaidCallsPerMinute, windowSeconds: 60 },
      writes: { max: rateLimits.writesPerUserPerMinute, windowSeconds: 60 },
      applications: { max: rateLimits.applicationsPerHour, windowSeconds: 3600 },
      chat: { max: CHAT_RULES.perMinute, windowSeconds: 60 },
    },
    deps.limitStore,
  );
  const writes = limitWritesPerUser(limits, "writes", (c) => sessionUserId(auth, c));
  const geo = createGeoService({
    config,
    gazetteer,
    cache: deps.cache,
    logger,
    takePaidCall: async () => (await limits.consume("geo.paidCalls", "google")).allowed,
  });

  const catalogue = createCatalogueAnswers(database.db);
  const authOptions = authOptionsAnswer(Boolean(config.google));
  const chatDeps = {
    auth,
    db: database.db,
    events: deps.events,
    ...(deps.now ? { now: deps.now } : {}),
    takeMessage: async (userId: string) => (await limits.consume("chat", userId)).allowed,
  };

  let openApi: Promise<OpenApiDocument> | undefined;
  const api = new Hono()
    // Better Auth checks its own origins; Razorpay's servers post the webhook, signed; a mail app
    // posts a rating prompt's one-click unsubscribe, its signed token the permission.
    .use("*", async (c, next) =>
      c.req.path.startsWith("/api/auth/") || c.req.path === RAZORPAY_WEBHOOK_PATH || c.req.path === UNSUBSCRIBE_PATH
        ? next()
        : sameOrigin(config.appOrigin)(c, next),
    )
    .use("/geo/reverse", limitPerAddress(limits, "geo.reverse", config.trustProxy))
    .use("/geo/search", limitPerAddress(limits, "geo.search", config.trustProxy))
    .on("POST", "/applications", limitPerAddress(limits, "applications", config.trustProxy))
    .use("/cart/*", writes)
    .use("/addresses/*", writes)
    .use("/bookings/*", writes)
    .use("/mate/*", writes)
    .use("/ops/*", writes)
    .use("/me/*", writes)
    .use("/push/*", writes)
    .use("/notification-settings", writes)
    .route("/health", healthRoutes(database, deps.redisStatus))
    .get(
      "/openapi.json",
      describeRoute({
        tags: ["API"],
        summary: "This document",
        responses: { 200: { description: "The OpenAPI 3.1 document of this API." } },
      }),
      async (c) => {
        openApi ??= generateDocument(app, API_VERSION);
        return c.json(await openApi);
      },
    )
    .route("/services", catalogueRoutes(catalogue))
    .route("/services", reviewRoutes(bookingDeps))
    .route("/cart", cartRoutes({ auth, db: database.db, events: deps.events }))
    .route(
      "/events",
      eventRoutes({
        auth,
        db: database.db,
        events: deps.events,
        ...(deps.eventStream ? { options: deps.eventStream } : {}),
      }),
    )
    .route("/geo", geoRoutes(geo))
    .route("/addresses", addressRoutes({ auth, db: database.db, gazetteer }))
    .route("/slots", booking.slots)
    .route("/bookings", booking.bookings)
    .route("/bookings", customerPayments.payment)
    .route("/bookings", customerChatRoutes(chatDeps))
    .route("/mate/jobs", mateChatRoutes(chatDeps))
    .route("/ops/bookings", operatorChatRoutes(chatDeps))
    .route("/bookings", customerRatingRoutes(bookingDeps))
    .route("/mate", mateRatingRoutes(bookingDeps))
    .route("/ops/reviews", operatorReviewRoutes(bookingDeps))
    .route("/bookings", customerReworkRoutes(reworkDeps))
    .route("/rework", reworkPhotoRoutes(reworkDeps))
    .route("/invoices", customerPayments.invoices)
    .route("/payments", paymentRoutes(bookingDeps))
    .route("/mate", mateRoutes(bookingDeps))
    .route("/push", pushRoutes({ auth, db: database.db, publicKey: vapid.publicKey }))
    .route("/notification-settings", notificationSettingsRoutes({ auth, db: database.db }))
    .route("/notifications/unsubscribe", unsubscribeRoutes({ db: database.db, secret: deps.authSecret }))
    .route(
      "/ops",
      operatorRoutes({
        ...bookingDeps,
        revocations,
        mailer: deps.mailer,
        appOrigin: config.appOrigin,
        isServed: (row) => isServedAddress(gazetteer, row),
      }),
    )
    .route("/ops/applications", applicationOpsRoutes(applicationDeps))
    .route("/applications", applicationRoutes(applicationDeps))
    .route(
      "/",
      authRoutes({
        auth,
        db: database.db,
        secret: deps.authSecret,
        limits,
        authLimits: deps.authLimits ?? DEFAULT_AUTH_LIMITS,
        trustProxy: config.trustProxy,
        authOptions,
      }),
    )
    .all("*", (c) => c.json(errorBody("not_found", `No API route ${c.req.method} ${c.req.path}.`), 404));

  // A request's line holds ids, the method, a path with its secret segments cut, the status and the
  // time: nothing the logger's redaction looks for, so it skips that pass, which costs a small
  // public answer about a tenth of its throughput (docs/benchmarks.md). Every other line keeps it.
  const requestLogger = logger.child({}, { redact: [] });
  const app = new Hono();
  const csp = cspSourcesWith(razorpayCspOrigins(config.razorpay));
  const security = securityHeaders({ production: config.nodeEnv === "production", sources: csp });
  app.use(security);
  app.use(requestId());
  app.use(requestLog(requestLogger));
  app.use(forwardSessionCookies());
  app.onError(errorHandler(logger));
  app.route("/api", api);
  app.route("/", siteRoutes({ appOrigin: config.appOrigin, answers: catalogue }));
  if (webRoot) app.get("*", spaHandler(webRoot, pageAnswers(catalogue), csp));
  // Generated once, from the composed routes, and served from memory afterwards.
  openApi = generateDocument(app, API_VERSION);
  openApi.catch((error: unknown) => logger.error({ err: error }, "could not generate the OpenAPI document"));
  app.notFound((c) => c.json(errorBody("not_found", `Nothing at ${c.req.method} ${c.req.path}.`), 404));

  // The catalogue's answers and the sign-in methods go out at the front door, with the security
  // headers this app gives them (asked of its middleware once; until then the app answers them itself).
  let doorHeaders: Record<string, string> | undefined;
  headersOf(security, "/api/services").then(
    (headers) => {
      doorHeaders = headers;
    },
    (error: unknown) => logger.error({ err: error }, "could not read the security headers; the app answers everything"),
  );
  const frontDoor = (inner: RequestListener) =>
    withFrontDoor(
      {
        lookup: firstAnswer(catalogueAtTheDoor(catalogue), authOptionsAtTheDoor(authOptions)),
        headers: () => doorHeaders,
        logger: requestLogger,
      },
      inner,
    );
  return { app, auth, queue, frontDoor };
}
