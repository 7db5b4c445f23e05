import type { Agent } from "node:https";
import type { Logger } from "pino";
import type { ApplicationDeps } from "./applications/deps.ts";
import { DELETE_DOCUMENTS, deleteDocuments } from "./applications/document-deletion.ts";
import { type Auth, createAuth } from "./auth/auth.ts";
import { createRevocations, type Revocations } from "./auth/revocation.ts";
import type { AuthLimits } from "./auth/routes.ts";
import { checkRevocations } from "./auth/session.ts";
import { bookingHandlers } from "./bookings/timed.ts";
import type { Cache } from "./cache/cache.ts";
import { type CatalogueAnswers, createCatalogueAnswers } from "./catalogue/catalogue-answers.ts";
import type { Config } from "./config.ts";
import type { DatabaseHandle } from "./db/client.ts";
import type { EventBus } from "./events/bus.ts";
import type { EventStreamOptions } from "./events/routes.ts";
import { type Gazetteer, loadGazetteer } from "./geo/gazetteer.ts";
import { helpHandlers } from "./help/notices.ts";
import type { Mailer } from "./mail/mailer.ts";
import { countedPush, countedSms } from "./metrics/counted.ts";
import type { Metrics } from "./metrics/metrics.ts";
import type { NotificationDeps } from "./notifications/notification-deps.ts";
import { notificationHandlers } from "./notifications/notify.ts";
import { createPushSender, vapidKeys } from "./notifications/push.ts";
import type { PaymentDeps } from "./payments/gateway.ts";
import { paymentHandlers } from "./payments/payment-work.ts";
import { payoutRunHandlers } from "./payouts/runs.ts";
import { payoutHandlers } from "./payouts/work.ts";
import { createQueue, type Queue } from "./queue/queue.ts";
import type { LimitStore } from "./rate-limit/limits.ts";
import { RATING_AGES_OUT, ratingAgedOut } from "./ratings/ratings.ts";
import type { RedisStatus } from "./redis/redis.ts";
import { createSmsSender } from "./sms/sender.ts";
import type { SmsSender } from "./sms/sms.ts";
import { createDocumentStore, type DocumentStore } from "./uploads/document-store.ts";

/** What the app is made from: main.ts gives the real ones, tests their own. */
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
  /** True once the instance is stopping (main.ts): /api/health says draining. */
  draining?: () => boolean;
};

/** The dependencies each capability's work and routes are given, made once per app. */
export type Capabilities = {
  auth: Auth;
  revocations: Revocations;
  gazetteer: Gazetteer;
  /** Bookings, payments, ratings, the mate app and the console's work. */
  bookingDeps: PaymentDeps & { auth: Auth };
  applicationDeps: ApplicationDeps & { auth: Auth };
  /** Free re-work: the bookings' dependencies and the documents' store, for its photos. */
  reworkDeps: PaymentDeps & { auth: Auth; store: DocumentStore };
  /** Help on bookings and the resolution desk: the same, for the photos of cases. */
  helpDeps: PaymentDeps & { auth: Auth; store: DocumentStore };
  /** The public key browsers subscribe to pushes with. */
  vapidPublicKey: string;
  catalogue: CatalogueAnswers;
  /** The durable queue of the bookings' later work and every notice; the app's caller starts and stops it. */
  queue: Queue;
  /** SMS: the sign-in codes (through Better Auth) and mates' invitations. */
  sms: SmsSender;
};

/**
 * The queue's handlers need the capabilities' dependencies, and those poke the queue after a commit
 * that scheduled work due now. So the dependencies are made with this handle first, and the queue,
 * once made from them, is bound to it; nothing pokes before the app has been built.
 */
function lateBoundQueue() {
  let bound: Queue | undefined;
  return {
    handle: { poke: () => bound?.poke() },
    bind: (queue: Queue) => {
      bound = queue;
    },
  };
}

/** Makes every capability's dependencies from the app's, then the job queue that runs their handlers. */
export function composeCapabilities(deps: AppDeps, metrics: Metrics): Capabilities {
  const { config, database, logger } = deps;
  const clock = deps.now ? { now: deps.now } : {};
  const sms = countedSms(createSmsSender(config, logger), metrics);
  const auth = createAuth({
    config,
    db: database.db,
    mailer: deps.mailer,
    sms,
    secret: deps.authSecret,
    logger,
  });
  const revocations = createRevocations(deps.events, config.sessionCacheSeconds);
  checkRevocations(auth, revocations);
  const gazetteer = loadGazetteer();
  const queue = lateBoundQueue();
  const bookingDeps: Capabilities["bookingDeps"] = {
    auth,
    db: database.db,
    events: deps.events,
    gazetteer,
    logger,
    visitingChargeRupees: config.visitingChargeRupees,
    setOffWindowMinutes: config.setOffWindowMinutes,
    noShowAfterMinutes: config.noShowAfterMinutes,
    noShowCreditRupees: config.noShowCreditRupees,
    desk: config.desk,
    seller: config.seller,
    razorpay: config.razorpay,
    payouts: config.payouts,
    razorpayX: config.razorpayX,
    queue: queue.handle,
    ...clock,
  };
  const applicationDeps: Capabilities["applicationDeps"] = {
    auth,
    db: database.db,
    store: deps.documents ?? createDocumentStore(config.uploads),
    logger,
    appOrigin: config.appOrigin,
    events: deps.events,
    queue: queue.handle,
    ...clock,
  };
  const vapid = vapidKeys(config.vapid, config.dataDir, logger);
  const notificationDeps: NotificationDeps = {
    ...bookingDeps,
    mailer: deps.mailer,
    push: countedPush(createPushSender(vapid, deps.pushAgent ? { agent: deps.pushAgent } : {}), metrics),
    appOrigin: config.appOrigin,
    secret: deps.authSecret,
  };
  const made = createQueue({
    db: database.db,
    logger,
    handlers: {
      ...bookingHandlers(bookingDeps),
      ...paymentHandlers(bookingDeps),
      [DELETE_DOCUMENTS]: (payload) => deleteDocuments(applicationDeps, payload),
      [RATING_AGES_OUT]: (payload) => ratingAgedOut(bookingDeps, payload),
      ...notificationHandlers(notificationDeps),
      ...helpHandlers(notificationDeps),
      ...payoutRunHandlers(bookingDeps),
      ...payoutHandlers(notificationDeps),
    },
    leaseMs: config.queueLeaseSeconds * 1000,
    ...clock,
  });
  queue.bind(made);
  return {
    auth,
    revocations,
    gazetteer,
    bookingDeps,
    applicationDeps,
    reworkDeps: { ...bookingDeps, store: applicationDeps.store },
    helpDeps: { ...bookingDeps, store: applicationDeps.store },
    vapidPublicKey: vapid.publicKey,
    catalogue: createCatalogueAnswers(database.db),
    queue: made,
    sms,
  };
}
