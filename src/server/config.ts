import { isIP } from "node:net";
import { z } from "zod";
import { CREDIT_RULES } from "#domain/credit.ts";
import { gstinProblem, stateCodeOf } from "#domain/gstin.ts";
import { HELP_RULES } from "#domain/help.ts";
import { DESK_RULES, type DeskSettings } from "#domain/help-desk.ts";
import type { Seller } from "#domain/invoice.ts";
import { NO_SHOW_RULES } from "#domain/no-show.ts";
import type { PayoutSettings } from "#domain/payouts.ts";
import { combinationProblems, defaultRedisPrefix } from "./config-checks.ts";
import { payoutEnv, payoutSettings, type RazorpayXConfig } from "./config-payouts.ts";
import { type SmsSettings, smsEnv, smsSettings } from "./config-sms.ts";
import { optionalString, optionalUrl, perMinute, signedMinutes, url, wholeNumber } from "./config-values.ts";
import { parseTrustedProxies, type TrustedProxies } from "./http/trusted-proxies.ts";

/**
 * Every setting of the product, read once from the environment and validated.
 * Nothing else in the server reads process.env: main.ts calls loadConfig and passes the result in.
 */

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.preprocess(
    (value) => (value === undefined || value === "" ? "3000" : value),
    z
      .string()
      .regex(/^\d+$/, "must be a whole number from 1 to 65535")
      .transform(Number)
      .pipe(z.number().int().min(1, "must be from 1 to 65535").max(65535, "must be from 1 to 65535")),
  ),
  HOST: optionalString.refine(
    (value) => value === undefined || isIP(value) !== 0 || /^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$/.test(value),
    "must be the address to listen on: an IP address of this machine (like 10.0.0.11, 127.0.0.1 or ::) or a host name",
  ),
  DATA_DIR: z.string().trim().min(1).default("./.data"),
  UPLOADS_DIR: optionalString,
  S3_URL: optionalUrl(
    ["https:", "http:"],
    "an S3-compatible bucket URL with its keys, like https://KEY:SECRET@s3.ap-south-1.amazonaws.com/bucket?region=ap-south-1",
  ).refine((value) => value === undefined || s3Parts(value) !== undefined, {
    message: "must name the access key, the secret and the bucket: https://KEY:SECRET@host/bucket?region=…",
  }),
  DATABASE_URL: optionalUrl(["postgres:", "postgresql:"], "a PostgreSQL connection URL"),
  REDIS_URL: optionalUrl(["redis:", "rediss:"], "a Redis URL"),
  APP_ORIGIN: optionalUrl(["http:", "https:"], "the public origin of the app, like https://mates.in"),
  AUTH_SECRET: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.string().min(32, "must be at least 32 characters").optional(),
  ),
  SMTP_URL: optionalUrl(["smtp:", "smtps:"], "an SMTP URL"),
  MAIL_FROM: z.string().trim().min(3).default("Mates <no-reply@mates.in>"),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: url(["https:", "http:"], "an OpenID Connect issuer URL").default("https://accounts.google.com"),
  GOOGLE_MAPS_API_KEY: optionalString,
  GOOGLE_GEOCODING_URL: url(["https:", "http:"], "an HTTP(S) URL").default(
    "https://maps.googleapis.com/maps/api/geocode/json",
  ),
  NOMINATIM_URL: z
    .union([z.literal("off"), url(["https:", "http:"], "an HTTP(S) URL or off")])
    .default("https://nominatim.openstreetmap.org"),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context) => {
      const proxies = parseTrustedProxies(value);
      if (typeof proxies !== "string") return proxies;
      context.addIssue({ code: "custom", message: proxies });
      return z.NEVER;
    }),
  REDIS_PREFIX: optionalString.refine(
    (value) => value === undefined || /^[A-Za-z0-9_.-]{1,40}$/.test(value),
    "must be 1 to 40 letters, digits, dots, dashes or underscores",
  ),
  GEO_REVERSE_PER_MINUTE: perMinute(30),
  GEO_SEARCH_PER_MINUTE: perMinute(60),
  GEO_PAID_CALLS_PER_MINUTE: perMinute(600, 0),
  WRITES_PER_USER_PER_MINUTE: perMinute(60),
  APPLICATIONS_PER_HOUR: wholeNumber(5, "applications per hour", { min: 1 }),
  VISITING_CHARGE_RUPEES: wholeNumber(99, "rupees", { max: 10_000 }),
  SET_OFF_WINDOW_MINUTES: wholeNumber(120, "minutes", { min: 1, max: 7 * 24 * 60 }),
  NO_SHOW_AFTER_MINUTES: signedMinutes(NO_SHOW_RULES.afterMinutes),
  NO_SHOW_CREDIT_RUPEES: wholeNumber(CREDIT_RULES.noShowRupees, "rupees", { max: 10_000 }),
  DAMAGE_COVER_RUPEES: wholeNumber(HELP_RULES.damageCoverRupees, "rupees", { min: 1, max: 1_000_000 }),
  DAMAGE_WINDOW_HOURS: wholeNumber(HELP_RULES.damageWindowHours, "hours", { min: 1, max: 30 * 24 }),
  CASE_CREDIT_MAX_RUPEES: wholeNumber(DESK_RULES.caseCreditMaxRupees, "rupees", { min: 1, max: 1_000_000 }),
  SESSION_CACHE_SECONDS: wholeNumber(5, "seconds", { max: 300 }),
  QUEUE_LEASE_SECONDS: wholeNumber(60, "seconds", { min: 1, max: 3600 }),
  RAZORPAY_KEY_ID: optionalString,
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_WEBHOOK_SECRET: optionalString,
  RAZORPAY_API_URL: url(["https:", "http:"], "an HTTP(S) URL").default("https://api.razorpay.com"),
  RAZORPAY_CHECKOUT_URL: url(["https:", "http:"], "an HTTP(S) URL").default(
    "https://checkout.razorpay.com/v1/checkout.js",
  ),
  SELLER_LEGAL_NAME: z.string().trim().min(2).default("Mates Home Services"),
  SELLER_ADDRESS: z.string().trim().min(5).default("Mumbai, Maharashtra"),
  SELLER_GSTIN: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z
      .string()
      .trim()
      .toUpperCase()
      .refine((value) => gstinProblem(value) === undefined, {
        error: (issue) =>
          `must be a valid 15-character GSTIN, like 27AABCM1234F1ZX: ${gstinProblem(String(issue.input))}`,
      })
      .optional(),
  ),
  SELLER_STATE: z
    .string()
    .trim()
    .default("Maharashtra")
    .refine((value) => stateCodeOf(value) !== undefined, "must be the name of an Indian state or union territory"),
  VAPID_PUBLIC_KEY: optionalString.refine(
    (value) => value === undefined || /^[A-Za-z0-9_-]{87}$/.test(value),
    "must be a VAPID public key: 65 bytes in base64url (87 characters), as web-push generate-vapid-keys prints",
  ),
  VAPID_PRIVATE_KEY: optionalString.refine(
    (value) => value === undefined || /^[A-Za-z0-9_-]{43}$/.test(value),
    "must be a VAPID private key: 32 bytes in base64url (43 characters)",
  ),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .default("mailto:support@mates.in")
    .refine((value) => /^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/.test(value), "must be a mailto: or https: URL"),
  METRICS_TOKEN: optionalString.refine(
    (value) => value === undefined || /^\S{16,}$/.test(value),
    "must be at least 16 characters, without spaces (Prometheus sends it as Authorization: Bearer …)",
  ),
  SHUTDOWN_DELAY_SECONDS: wholeNumber(0, "seconds", { max: 300 }),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ...payoutEnv,
  ...smsEnv,
});

/** Razorpay's keys and where its API and Checkout are (a local stand-in in tests). */
export type RazorpayConfig = {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  apiUrl: string;
  checkoutUrl: string;
};

export type Config = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  /** The address to listen on; undefined: every interface. */
  host: string | undefined;
  dataDir: string;
  /** Where applicants' documents are kept: never under the web root, never served but to operators. */
  uploads: UploadsTarget;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  appOrigin: string;
  authSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  googleIssuer: string;
  googleMapsApiKey: string | undefined;
  googleGeocodingUrl: string;
  nominatimUrl: string | undefined;
  /** The load balancers in front whose X-Forwarded-For is believed (none: only the connection's peer counts). */
  trustProxy: TrustedProxies;
  /** What every Redis key and pub/sub channel of this deployment starts with (`<prefix>:`). */
  redisPrefix: string;
  /** Requests per minute: geo look-ups per client address, paid geocoder calls across all instances, writes per user. */
  rateLimits: {
    geoReversePerMinute: number;
    geoSearchPerMinute: number;
    geoPaidCallsPerMinute: number;
    writesPerUserPerMinute: number;
    /** Applications to work with Mates per client address per hour. */
    applicationsPerHour: number;
  };
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  /** The bearer token /metrics asks for; undefined: /metrics is not offered (404). */
  metricsToken: string | undefined;
  /** Between SIGTERM (readiness says draining) and closing the listener, for probing load balancers. */
  shutdownDelaySeconds: number;
  /** Charged when a customer cancels once a mate is on the way, in whole rupees. */
  visitingChargeRupees: number;
  /** From how long before a job's start its mate may set off (then arrive and start), in minutes. */
  setOffWindowMinutes: number;
  /** The no-show rescue: minutes after the start it is offered, and the credit (rupees) a cancellation gives. */
  noShowAfterMinutes: number;
  noShowCreditRupees: number;
  /** The resolution desk's limits: damage cover per booking, the claim window, credit per decision. */
  desk: DeskSettings;
  /**
   * How long a signed session is trusted from its signed cookie without asking the database (0: ask
   * every time): a sign-out elsewhere, a password reset or a disabled account takes effect within it.
   */
  sessionCacheSeconds: number;
  /**
   * How long a queued job claimed by an instance is its alone: an instance that died with a job
   * in hand leaves it to the others this long after the claim (record 079).
   */
  queueLeaseSeconds: number;
  /** Online payment; undefined without keys (pay after service is offered alone). */
  razorpay: RazorpayConfig | undefined;
  /** Who issues the tax invoices. */
  seller: Seller;
  /** Paying the mates: commission, TDS, the weekly run, dues (config-payouts.ts). */
  payouts: PayoutSettings;
  /** RazorpayX Payouts; undefined without its account number (nothing is sent). */
  razorpayX: RazorpayXConfig | undefined;
  /**
   * Web push's VAPID keys and contact; without keys the server makes a pair once and keeps it in
   * DATA_DIR/vapid.json (development and tests; production must set them, every instance the same).
   */
  vapid: { keys: { publicKey: string; privateKey: string } | undefined; subject: string };
  /** Codes by SMS: MSG91 or the outbox folder, and their limits (config-sms.ts). */
  sms: SmsSettings;
};

/** An S3-compatible bucket: path-style requests to `endpoint/bucket/key`, signed with AWS Signature V4. */
export type S3Target = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};
export type UploadsTarget = { kind: "files"; dir: string } | ({ kind: "s3" } & S3Target);

/** `https://KEY:SECRET@host[:port]/bucket[?region=…]` → its parts, or undefined when one is missing. */
export function s3Parts(value: string): S3Target | undefined {
  const url = new URL(value);
  const bucket = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ""));
  if (!url.username || !url.password || !bucket || bucket.includes("/")) return undefined;
  return {
    endpoint: `${url.protocol}//${url.host}`,
    bucket,
    region: url.searchParams.get("region") ?? "us-east-1",
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
  };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Validates the environment; throws one ConfigError naming every bad or missing variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${String(issue.path[0] ?? "environment")}: ${issue.message}`);
  problems.push(...combinationProblems(env));
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid settings:\n  ${[...new Set(problems)].join("\n  ")}`);
  }
  const e = parsed.data;
  const money = payoutSettings(e);
  // combinationProblems has reported MSG91's missing settings with the rest; this is its guard.
  const sms = smsSettings(e);
  if (sms.problem) throw new ConfigError(`Invalid settings:\n  ${sms.problem}`);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    uploads: e.S3_URL
      ? { kind: "s3", ...(s3Parts(e.S3_URL) as S3Target) }
      : { kind: "files", dir: e.UPLOADS_DIR ?? `${e.DATA_DIR.replace(/\/+$/, "")}/uploads` },
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    appOrigin: (e.APP_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    authSecret: e.AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER }
        : undefined,
    googleIssuer: e.GOOGLE_ISSUER,
    googleMapsApiKey: e.GOOGLE_MAPS_API_KEY,
    googleGeocodingUrl: e.GOOGLE_GEOCODING_URL,
    nominatimUrl: e.NOMINATIM_URL === "off" ? undefined : e.NOMINATIM_URL.replace(/\/+$/, ""),
    trustProxy: e.TRUST_PROXY,
    redisPrefix: e.REDIS_PREFIX ?? defaultRedisPrefix(e.DATABASE_URL),
    rateLimits: {
      geoReversePerMinute: e.GEO_REVERSE_PER_MINUTE,
      geoSearchPerMinute: e.GEO_SEARCH_PER_MINUTE,
      geoPaidCallsPerMinute: e.GEO_PAID_CALLS_PER_MINUTE,
      writesPerUserPerMinute: e.WRITES_PER_USER_PER_MINUTE,
      applicationsPerHour: e.APPLICATIONS_PER_HOUR,
    },
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    shutdownDelaySeconds: e.SHUTDOWN_DELAY_SECONDS,
    visitingChargeRupees: e.VISITING_CHARGE_RUPEES,
    setOffWindowMinutes: e.SET_OFF_WINDOW_MINUTES,
    noShowAfterMinutes: e.NO_SHOW_AFTER_MINUTES,
    noShowCreditRupees: e.NO_SHOW_CREDIT_RUPEES,
    desk: {
      damageCoverRupees: e.DAMAGE_COVER_RUPEES,
      damageWindowHours: e.DAMAGE_WINDOW_HOURS,
      caseCreditMaxRupees: e.CASE_CREDIT_MAX_RUPEES,
    },
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    queueLeaseSeconds: e.QUEUE_LEASE_SECONDS,
    razorpay:
      e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET && e.RAZORPAY_WEBHOOK_SECRET
        ? {
            keyId: e.RAZORPAY_KEY_ID,
            keySecret: e.RAZORPAY_KEY_SECRET,
            webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
            apiUrl: e.RAZORPAY_API_URL.replace(/\/+$/, ""),
            checkoutUrl: e.RAZORPAY_CHECKOUT_URL,
          }
        : undefined,
    seller: {
      legalName: e.SELLER_LEGAL_NAME,
      address: e.SELLER_ADDRESS,
      gstin: e.SELLER_GSTIN ?? "",
      state: e.SELLER_STATE,
      stateCode: stateCodeOf(e.SELLER_STATE) ?? "",
    },
    payouts: money.settings,
    razorpayX: money.razorpayX,
    vapid: {
      keys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT,
    },
    sms: sms.settings,
  };
}
