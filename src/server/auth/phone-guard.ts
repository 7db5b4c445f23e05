import { eq } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import type { z } from "zod";
import { PHONE_SIGN_IN_ERRORS, sendPhoneCodeSchema, verifyPhoneCodeSchema } from "#domain/phone-sign-in.ts";
import type { PhoneLimits } from "#server/config-sms.ts";
import type { Database } from "#server/db/client.ts";
import { clientIp } from "#server/http/client-ip.ts";
import { errorBody } from "#server/http/errors.ts";
import type { TrustedProxies } from "#server/http/trusted-proxies.ts";
import { isUnclaimedMateNumber } from "#server/mates/sms-invitations.ts";
import type { LimitRule, Limits } from "#server/rate-limit/limits.ts";
import { tooManyRequests } from "#server/rate-limit/middleware.ts";
import type { Auth } from "./auth.ts";
import { PHONE_CODE_IDENTIFIER } from "./phone-sign-in.ts";
import { verifications } from "./schema.ts";

/**
 * The guard before Better Auth's phone-number routes (issue 41, record 072): their bodies checked
 * with the shared zod schemas (nothing else reaches the plugin, which would take other user fields
 * at sign-up), and the limits, counted across instances through Redis when it is set, the client
 * address's first, so that one address out of codes or tries spends nobody else's:
 * - a code: SMS_CODES_PER_ADDRESS_PER_HOUR per client address, one per number per
 *   SMS_RESEND_AFTER_SECONDS, SMS_CODES_PER_NUMBER_PER_HOUR per number; a code the provider did not
 *   take is given back, and so are the earlier points of a request a later limit refuses;
 * - a try: PHONE_VERIFY_PER_ADDRESS_PER_HOUR per client address, and PHONE_VERIFY_PER_NUMBER_PER_HOUR
 *   per number while a code waits for it (a try with no code waiting cannot lock the number out),
 *   right or wrong, on top of the plugin's three wrong tries per code.
 * A mate's number that no account signs in with yet (record 073) is refused before the plugin runs.
 * The plugin's other routes (a password with a phone number, its reset) are not offered.
 */

export type PhoneLimitName =
  | "phone.resend"
  | "phone.codesPerNumber"
  | "phone.codesPerAddress"
  | "phone.verifyPerNumber"
  | "phone.verifyPerAddress";

/** The named limits of the phone routes, for createLimits. */
export function phoneLimitRules(limits: PhoneLimits): Record<PhoneLimitName, LimitRule> {
  return {
    "phone.resend": { max: 1, windowSeconds: limits.resendAfterSeconds },
    "phone.codesPerNumber": { max: limits.codesPerNumberPerHour, windowSeconds: 3600 },
    "phone.codesPerAddress": { max: limits.codesPerAddressPerHour, windowSeconds: 3600 },
    "phone.verifyPerNumber": { max: limits.verifyPerNumberPerHour, windowSeconds: 3600 },
    "phone.verifyPerAddress": { max: limits.verifyPerAddressPerHour, windowSeconds: 3600 },
  };
}

/** The plugin's routes Mates does not use: answered as unknown paths. */
export const UNOFFERED_PHONE_PATHS = [
  "/auth/sign-in/phone-number",
  "/auth/phone-number/request-password-reset",
  "/auth/phone-number/reset-password",
];

const inSeconds = (seconds: number) => `${seconds} second${seconds === 1 ? "" : "s"}`;
const inMinutes = (seconds: number) => (seconds >= 90 ? `${Math.ceil(seconds / 60)} minutes` : inSeconds(seconds));

const refusals: Record<PhoneLimitName, (seconds: number) => string> = {
  "phone.resend": (s) => `You can ask for a new code in ${inSeconds(s)}.`,
  "phone.codesPerNumber": (s) => `Too many codes for this number. Please try again in ${inMinutes(s)}.`,
  "phone.codesPerAddress": (s) => `Too many codes asked for from your network. Please try again in ${inMinutes(s)}.`,
  "phone.verifyPerNumber": (s) => `Too many tries for this number. Please try again in ${inMinutes(s)}.`,
  "phone.verifyPerAddress": (s) => `Too many tries from your network. Please try again in ${inMinutes(s)}.`,
};

/** The body as the schema reads it, or the API's 400: a bad number or code says which. */
async function parsed<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T> | Response> {
  const body: unknown = await c.req.raw
    .clone()
    .json()
    .catch(() => undefined);
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const field = result.error.issues[0]?.path[0];
  if (field === "phoneNumber") {
    return c.json(errorBody("invalid_phone_number", PHONE_SIGN_IN_ERRORS.invalid_phone_number), 400);
  }
  if (field === "code") return c.json(errorBody("invalid_otp", PHONE_SIGN_IN_ERRORS.invalid_otp), 400);
  return c.json(errorBody("invalid_input", "Send phoneNumber, and code to verify it."), 400);
}

type Check = [PhoneLimitName, string];
/** A refusal of the guard's own, or undefined to go on. */
type Screen = () => Promise<Response | undefined>;

/** Whether a code waits for the number (the plugin's verification row). */
async function codeWaits(db: Database, phoneNumber: string): Promise<boolean> {
  const [row] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(eq(verifications.identifier, `${PHONE_CODE_IDENTIFIER}${phoneNumber}`))
    .limit(1);
  return Boolean(row);
}

/**
 * The limits on codes and tries, for the guard below and for the mate's invitation page, which asks
 * for a code to the invitation's number (record 073): `send` takes the code's three limits, the
 * address's first, runs the sending and gives them back if no SMS went out (503); `verify` takes a
 * try. `screen` runs once the address's limit let the request through, before the number's.
 */
export function phoneLimiter(limits: Limits<PhoneLimitName>, trustProxy: TrustedProxies, db: Database) {
  /** Takes the checks in order; a refusal gives back what this request took before it. */
  const take = async (c: Context, checks: Check[], taken: Check[] = []) => {
    for (const [index, [name, key]] of checks.entries()) {
      const result = await limits.consume(name, key);
      if (result.allowed) continue;
      await Promise.all([...taken, ...checks.slice(0, index)].map(([n, k]) => limits.refund(n, k)));
      return tooManyRequests(c, result, refusals[name](result.retryAfterSeconds));
    }
    return undefined;
  };
  return {
    send: async (
      c: Context,
      phoneNumber: string,
      sending: () => Promise<number>,
      screen?: Screen,
    ): Promise<Response | undefined> => {
      const address: Check = ["phone.codesPerAddress", clientIp(c, trustProxy)];
      const refused = (await take(c, [address])) ?? (await screen?.());
      if (refused) return refused;
      const checks: Check[] = [
        ["phone.resend", phoneNumber],
        ["phone.codesPerNumber", phoneNumber],
      ];
      const refusedNumber = await take(c, checks, [address]);
      if (refusedNumber) return refusedNumber;
      // No SMS went out: the person may ask again at once.
      if ((await sending()) === 503) {
        await Promise.all([address, ...checks].map(([name, key]) => limits.refund(name, key)));
      }
      return undefined;
    },
    verify: async (c: Context, phoneNumber: string, screen?: Screen): Promise<Response | undefined> => {
      const address: Check = ["phone.verifyPerAddress", clientIp(c, trustProxy)];
      const refused = (await take(c, [address])) ?? (await screen?.());
      if (refused) return refused;
      if (!(await codeWaits(db, phoneNumber))) return undefined;
      return take(c, [["phone.verifyPerNumber", phoneNumber]], [address]);
    },
  };
}

/**
 * A mate's number no account signs in with yet (their e-mail invitation or none so far) is theirs
 * once an operator invites them by SMS: nobody takes it before. A signed-in person adding it is told
 * it is another account's; anyone else that Mates professionals sign in through their invitation.
 * The answer is the same whether or not the mate has an account.
 */
async function mateNumberRefusal(c: Context, auth: Auth, db: Database, phoneNumber: string, signedIn?: boolean) {
  if (!(await isUnclaimedMateNumber(db, phoneNumber))) return undefined;
  if (signedIn ?? (await auth.api.getSession({ headers: c.req.raw.headers }))) {
    return c.json(errorBody("phone_number_taken", PHONE_SIGN_IN_ERRORS.phone_number_taken), 409);
  }
  return c.json(errorBody("mate_phone_number", PHONE_SIGN_IN_ERRORS.mate_phone_number), 403);
}

export function phoneGuard(
  auth: Auth,
  db: Database,
  limits: Limits<PhoneLimitName>,
  trustProxy: TrustedProxies,
): { send: MiddlewareHandler; verify: MiddlewareHandler } {
  const limiter = phoneLimiter(limits, trustProxy, db);
  return {
    send: async (c, next) => {
      if (c.req.method !== "POST") return next();
      const body = await parsed(c, sendPhoneCodeSchema);
      if (body instanceof Response) return body;
      return limiter.send(
        c,
        body.phoneNumber,
        async () => {
          await next();
          return c.res.status;
        },
        () => mateNumberRefusal(c, auth, db, body.phoneNumber),
      );
    },
    verify: async (c, next) => {
      if (c.req.method !== "POST") return next();
      const body = await parsed(c, verifyPhoneCodeSchema);
      if (body instanceof Response) return body;
      const refused = await limiter.verify(c, body.phoneNumber, async () => {
        if (!body.updatePhoneNumber) return mateNumberRefusal(c, auth, db, body.phoneNumber, false);
        // Only a customer adds a number; a mate's is the one on their application, changed by an operator.
        const session = await auth.api.getSession({ headers: c.req.raw.headers });
        const role = (session?.user as { role?: unknown } | undefined)?.role;
        if (session && role !== "customer") {
          return c.json(errorBody("forbidden", "A mate's or operator's number is changed by the Mates team."), 403);
        }
        return mateNumberRefusal(c, auth, db, body.phoneNumber, Boolean(session));
      });
      return refused ?? next();
    },
  };
}
