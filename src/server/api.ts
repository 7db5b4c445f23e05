import { type Context, Hono, type MiddlewareHandler } from "hono";
import { describeRoute } from "hono-openapi";
import { CHAT_RULES } from "#domain/chat.ts";
import { isServedAddress } from "./addresses/addresses.ts";
import { addressRoutes } from "./addresses/routes.ts";
import { applicationOpsRoutes, applicationRoutes } from "./applications/routes.ts";
import { languageRoutes } from "./auth/language-routes.ts";
import { phoneLimitRules } from "./auth/phone-guard.ts";
import { authLimitRules, authRoutes, DEFAULT_AUTH_LIMITS } from "./auth/routes.ts";
import { sessionUserId } from "./auth/session.ts";
import { bookingRoutes } from "./bookings/routes.ts";
import { cartRoutes } from "./cart/routes.ts";
import { catalogueRoutes } from "./catalogue/routes.ts";
import { translationRoutes } from "./catalogue/translation-routes.ts";
import { customerChatRoutes, mateChatRoutes, operatorChatRoutes } from "./chat/routes.ts";
import type { AppDeps, Capabilities } from "./compose.ts";
import { creditRoutes } from "./credit/routes.ts";
import { financeRoutes, mateEarningsRoutes } from "./earnings/routes.ts";
import { eventRoutes } from "./events/routes.ts";
import { createGeoService } from "./geo/geo.ts";
import { geoRoutes } from "./geo/routes.ts";
import { healthRoutes } from "./health/routes.ts";
import { mateCaseRoutes } from "./help/mate-routes.ts";
import { bookingHelpRoutes, caseRoutes, deskRoutes } from "./help/routes.ts";
import { errorBody } from "./http/errors.ts";
import type { DoorAnswer } from "./http/front-door.ts";
import type { OpenApiDocument } from "./http/openapi.ts";
import { sameOrigin } from "./http/same-origin.ts";
import { mateAdjustmentRoutes } from "./ledger/routes.ts";
import { mateJoinRoutes } from "./mates/join-routes.ts";
import { mateRoutes } from "./mates/routes.ts";
import { mateSmsRoutes } from "./mates/sms-invitation-routes.ts";
import { notificationSettingsRoutes, pushRoutes, UNSUBSCRIBE_PATH, unsubscribeRoutes } from "./notifications/routes.ts";
import { operatorRoutes } from "./ops/routes.ts";
import { customerPaymentRoutes, paymentRoutes } from "./payments/routes.ts";
import { commissionRateRoutes } from "./payouts/commission-routes.ts";
import { mateMoneyRoutes } from "./payouts/mate-money-routes.ts";
import { mateDestinationRoutes, PAYOUT_WEBHOOK_PATH, payoutOpsRoutes, payoutWebhookRoutes } from "./payouts/routes.ts";
import { payoutRunRoutes } from "./payouts/run-routes.ts";
import { createLimits } from "./rate-limit/limits.ts";
import { limitPerAddress, limitWritesPerUser } from "./rate-limit/middleware.ts";
import { customerRatingRoutes, mateRatingRoutes, operatorReviewRoutes, reviewRoutes } from "./ratings/routes.ts";
import { customerReworkRoutes, reworkPhotoRoutes } from "./rework/routes.ts";

/** Where Razorpay posts its webhook (the URL to register in its dashboard, under APP_ORIGIN). */
export const RAZORPAY_WEBHOOK_PATH = "/api/payments/razorpay/webhook";

const isBetterAuth = (path: string) => path.startsWith("/api/auth/");

/**
 * Writes let in without the app's own Origin check: Better Auth checks its own origins; Razorpay's
 * servers post the webhooks (payments and RazorpayX's payouts), signed; a mail app posts a rating prompt's one-click unsubscribe, its
 * signed token the permission.
 */
const checksItsOwnCaller = (path: string) =>
  isBetterAuth(path) || path === RAZORPAY_WEBHOOK_PATH || path === PAYOUT_WEBHOOK_PATH || path === UNSUBSCRIBE_PATH;

/**
 * Writes the per-user limit leaves alone, each limited or guarded otherwise; every other write of a
 * signed-in person counts (rate-limit/write-limits.test.ts walks the API's document to prove it):
 * - Better Auth's own routes (/api/auth/*: signing up, in and out, password resets, codes by SMS)
 *   and accepting an invitation (by e-mail, or by SMS at /api/mate-invitations): the auth limits,
 *   per address, per e-mail and per number (auth/routes.ts, auth/phone-guard.ts);
 * - Razorpay's webhook and the unsubscribe link: posted without a session, checked by signature;
 * - applying as a professional: limited per address (`applications`), posted without a session.
 */
const notPerUser = (path: string) =>
  checksItsOwnCaller(path) ||
  path === "/api/invitations/accept" ||
  path.startsWith("/api/mate-invitations/") ||
  path === "/api/applications";

/** Skips `middleware` for the requests `skip` names. */
const except =
  (skip: (path: string) => boolean, middleware: MiddlewareHandler): MiddlewareHandler =>
  (c, next) =>
    skip(c.req.path) ? next() : middleware(c, next);

/** Every named rate limit of the app, in one place (decision record 015). */
function appLimits(deps: AppDeps) {
  const { rateLimits } = deps.config;
  return createLimits(
    {
      ...authLimitRules(deps.authLimits ?? DEFAULT_AUTH_LIMITS),
      ...phoneLimitRules(deps.config.sms.limits),
      "geo.reverse": { max: rateLimits.geoReversePerMinute, windowSeconds: 60 },
      "geo.search": { max: rateLimits.geoSearchPerMinute, windowSeconds: 60 },
      "geo.paidCalls": { max: rateLimits.geoPaidCallsPerMinute, windowSeconds: 60 },
      writes: { max: rateLimits.writesPerUserPerMinute, windowSeconds: 60 },
      applications: { max: rateLimits.applicationsPerHour, windowSeconds: 3600 },
      chat: { max: CHAT_RULES.perMinute, windowSeconds: 60 },
    },
    deps.limitStore,
  );
}
type AppLimits = ReturnType<typeof appLimits>;

/** The API's guards, before any route: the Origin check, the per-address limits and the per-user write limit. */
function guarded(deps: AppDeps, capabilities: Capabilities, limits: AppLimits) {
  const { config } = deps;
  const writes = limitWritesPerUser(limits, "writes", (c: Context) => sessionUserId(capabilities.auth, c));
  return new Hono()
    .use("*", except(checksItsOwnCaller, sameOrigin(config.appOrigin)))
    .use("/geo/reverse", limitPerAddress(limits, "geo.reverse", config.trustProxy))
    .use("/geo/search", limitPerAddress(limits, "geo.search", config.trustProxy))
    .on("POST", "/applications", limitPerAddress(limits, "applications", config.trustProxy))
    .use("*", except(notPerUser, writes));
}

/** What the API's routes need besides the capabilities: the sign-in methods' answer and the OpenAPI document. */
export type ApiParts = {
  authOptions: DoorAnswer;
  /** The document of the composed app, made once. */
  openApi: () => Promise<OpenApiDocument>;
};

/** `/api`: the guards, then every capability's routes; an unknown path is a JSON 404. */
export function apiRoutes(deps: AppDeps, capabilities: Capabilities, parts: ApiParts) {
  const { config, database } = deps;
  const { auth, gazetteer, bookingDeps, applicationDeps, reworkDeps, helpDeps } = capabilities;
  const db = database.db;
  const limits = appLimits(deps);
  const geo = createGeoService({
    config,
    gazetteer,
    cache: deps.cache,
    logger: deps.logger,
    takePaidCall: async () => (await limits.consume("geo.paidCalls", "google")).allowed,
  });
  const chatDeps = {
    auth,
    db,
    events: deps.events,
    ...(deps.now ? { now: deps.now } : {}),
    takeMessage: async (userId: string) => (await limits.consume("chat", userId)).allowed,
  };
  const booking = bookingRoutes(bookingDeps);
  const cases = caseRoutes(helpDeps);
  const customerPayments = customerPaymentRoutes(bookingDeps);

  return (
    guarded(deps, capabilities, limits)
      .route("/health", healthRoutes(database, deps.redisStatus, deps.draining))
      .get(
        "/openapi.json",
        describeRoute({
          tags: ["API"],
          summary: "This document",
          responses: { 200: { description: "The OpenAPI 3.1 document of this API." } },
        }),
        async (c) => c.json(await parts.openApi()),
      )
      .route("/services", catalogueRoutes(capabilities.catalogue))
      .route("/services", reviewRoutes(bookingDeps))
      .route("/cart", cartRoutes({ auth, db, events: deps.events }))
      .route(
        "/events",
        eventRoutes({ auth, db, events: deps.events, ...(deps.eventStream ? { options: deps.eventStream } : {}) }),
      )
      .route("/geo", geoRoutes(geo))
      .route("/addresses", addressRoutes({ auth, db, gazetteer }))
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
      .route("/bookings", bookingHelpRoutes(helpDeps))
      // The photos first: the customers' router below refuses operators on every path under /cases.
      .route("/cases", cases.photos)
      .route("/cases", cases.customer)
      .route("/ops/cases", deskRoutes(helpDeps))
      .route("/mate/jobs", mateCaseRoutes(helpDeps))
      .route("/invoices", customerPayments.invoices)
      .route("/payments", paymentRoutes(bookingDeps))
      .route("/payouts", payoutWebhookRoutes(bookingDeps))
      .route("/mate/payout-destination", mateDestinationRoutes(bookingDeps))
      .route("/ops/payouts", payoutOpsRoutes(bookingDeps))
      .route("/mate", mateRoutes(bookingDeps))
      .route("/mate", mateMoneyRoutes(bookingDeps))
      .route("/mate", mateEarningsRoutes(bookingDeps))
      .route("/push", pushRoutes({ auth, db, publicKey: capabilities.vapidPublicKey }))
      .route("/notification-settings", notificationSettingsRoutes({ auth, db }))
      .route("/notifications/unsubscribe", unsubscribeRoutes({ db, secret: deps.authSecret }))
      .route("/ops/finance", financeRoutes(bookingDeps))
      .route(
        "/ops",
        operatorRoutes({
          ...bookingDeps,
          revocations: capabilities.revocations,
          mailer: deps.mailer,
          appOrigin: config.appOrigin,
          isServed: (row) => isServedAddress(gazetteer, row),
        }),
      )
      .route("/ops/mates", mateAdjustmentRoutes(bookingDeps))
      .route(
        "/ops/mates",
        mateSmsRoutes({
          ...bookingDeps,
          sms: capabilities.sms,
          appOrigin: config.appOrigin,
          revocations: capabilities.revocations,
        }),
      )
      .route(
        "/mate-invitations",
        mateJoinRoutes({ auth, db, limits, trustProxy: config.trustProxy, ...(deps.now ? { now: deps.now } : {}) }),
      )
      .route("/ops/applications", applicationOpsRoutes(applicationDeps))
      .route("/ops/payout-runs", payoutRunRoutes(bookingDeps))
      .route("/ops/commission-rates", commissionRateRoutes(bookingDeps))
      .route("/ops/translations", translationRoutes(bookingDeps))
      .route("/applications", applicationRoutes(applicationDeps))
      // Before the account's own routes under /me, which would take any path there.
      .route("/me/language", languageRoutes(auth, db))
      .route("/me/credit", creditRoutes({ auth, db, ...(deps.now ? { now: deps.now } : {}) }))
      .route(
        "/",
        authRoutes({
          auth,
          db,
          secret: deps.authSecret,
          limits,
          authLimits: deps.authLimits ?? DEFAULT_AUTH_LIMITS,
          trustProxy: config.trustProxy,
          authOptions: parts.authOptions,
        }),
      )
      .all("*", (c) => c.json(errorBody("not_found", `No API route ${c.req.method} ${c.req.path}.`), 404))
  );
}
