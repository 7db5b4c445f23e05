import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import { ZONE_ID } from "#domain/constants.ts";
import { DEFAULT_LOCALE, isLocale } from "#domain/i18n/locales.ts";
import { mobileSchema, PASSWORD_MAX, PASSWORD_MIN } from "#domain/user.ts";
import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import type { SmsSender } from "#server/sms/sms.ts";
import { resetPasswordMail } from "./mails.ts";
import { phoneSignInPlugins } from "./phone-sign-in.ts";
import { accounts, sessions, users, verifications } from "./schema.ts";
import { nextUserKey } from "./users.ts";

export type AuthDeps = {
  config: Config;
  db: Database;
  mailer: Mailer;
  sms: SmsSender;
  secret: string;
  logger: Logger;
};

export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

/**
 * Better Auth, configured for Mates: e-mail + password, reset by mail, Google through OpenID Connect,
 * and a mobile number with a code by SMS (phone-sign-in.ts).
 */
export function createAuth({ config, db, mailer, sms, secret, logger }: AuthDeps) {
  const google = config.google;
  return betterAuth({
    appName: "Mates",
    baseURL: config.appOrigin,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [config.appOrigin],
    database: drizzleAdapter(db, { provider: "pg", schema: { users, sessions, accounts, verifications } }),
    user: {
      modelName: "users",
      additionalFields: {
        key: { type: "string", required: false, input: false },
        mobile: { type: "string", required: false, input: true, validator: { input: mobileSchema } },
        photoURL: { type: "string", required: false, input: false },
        role: { type: "string", required: false, input: false, defaultValue: "customer" },
        fcmToken: { type: "string", required: false, input: false, defaultValue: "" },
        zone: { type: "string", required: false, input: false, defaultValue: ZONE_ID },
      },
    },
    session: {
      modelName: "sessions",
      // A signed request is checked against its signed cookie, not the database, for a few seconds
      // (record 026); the cookie is refreshed from the database after that (session.ts forwards it).
      cookieCache: { enabled: config.sessionCacheSeconds > 0, maxAge: Math.max(1, config.sessionCacheSeconds) },
    },
    account: { modelName: "accounts" },
    verification: { modelName: "verifications" },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        if (!user.email) return;
        const link = `${config.appOrigin}/reset-password?token=${encodeURIComponent(token)}`;
        // Sent after the answer, not awaited, and not even begun in this turn (composing the mail and
        // opening the connection cost CPU too): a known address must answer as fast as an unknown
        // one, so that the endpoint never tells who has an account. A failure is logged, never thrown.
        setImmediate(() => {
          // In the language kept in the account (record 069).
          db.select({ locale: users.locale })
            .from(users)
            .where(eq(users.id, user.id))
            .then(([row]) => (isLocale(row?.locale) ? row.locale : DEFAULT_LOCALE))
            .then((locale) => mailer.send(resetPasswordMail({ to: user.email, name: user.name, link, locale })))
            .catch((error: unknown) => {
              logger.error({ err: error }, "could not send the password reset mail");
            });
        });
      },
    },
    databaseHooks: {
      // A disabled account (issue 16) cannot sign in, by password or by Google.
      session: {
        create: {
          before: async (session) => {
            const [user] = await db
              .select({ disabledAt: users.disabledAt })
              .from(users)
              .where(eq(users.id, session.userId));
            if (user?.disabledAt) {
              throw new APIError("FORBIDDEN", {
                code: "ACCOUNT_DISABLED",
                message: "This account is disabled. Please write to the Mates support team.",
              });
            }
          },
        },
      },
      user: {
        create: {
          before: async (user, ctx) => {
            if (ctx?.path === "/sign-up/email" && !user.mobile) {
              throw new APIError("BAD_REQUEST", { code: "MOBILE_REQUIRED", message: "Enter your mobile number." });
            }
            // A phone sign-up (issue 41): the verified number is also the spec's mobile; no picture.
            const byPhone = ctx?.path === "/phone-number/verify" && typeof user.phoneNumber === "string";
            return {
              data: {
                ...user,
                ...(byPhone ? { mobile: user.phoneNumber, image: null } : {}),
                // A nameless account's key is "user" and the month (spec §3's rule for no name).
                key: await nextUserKey(db, user.name, new Date()),
                // Spec §3: null for an e-mail or phone sign-up, the Google picture otherwise.
                photoURL: byPhone ? null : (user.image ?? null),
                role: "customer",
                fcmToken: "",
                zone: ZONE_ID,
              },
            };
          },
        },
      },
    },
    plugins: [
      ...phoneSignInPlugins(sms, secret),
      ...(google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: "google",
                  discoveryUrl: `${google.issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`,
                  clientId: google.clientId,
                  clientSecret: google.clientSecret,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                  mapProfileToUser: (profile) => ({
                    name: typeof profile.name === "string" ? profile.name : "",
                    image: typeof profile.picture === "string" ? profile.picture : undefined,
                  }),
                },
              ],
            }),
          ]
        : []),
    ],
    // Our own limiter (per IP, per e-mail and per number, shared through Redis) guards the auth routes.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: config.nodeEnv === "production",
      disableOriginCheck: false,
      disableCSRFCheck: false,
      cookiePrefix: "mates",
    },
    logger: {
      log: (level, message) => {
        if (level === "error") logger.error({ source: "better-auth" }, message);
        else if (level === "warn") logger.warn({ source: "better-auth" }, message);
        else logger.debug({ source: "better-auth" }, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
