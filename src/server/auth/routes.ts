import { type Context, Hono, type MiddlewareHandler } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { authOptionsSchema } from "#domain/auth.ts";
import { acceptInvitationSchema } from "#domain/invitation.ts";
import { meResponseSchema, updateMeSchema } from "#domain/user.ts";
import type { Database } from "#server/db/client.ts";
import { clientIp } from "#server/http/client-ip.ts";
import { AppError, errorBody, parseInput } from "#server/http/errors.ts";
import type { DoorAnswer, DoorLookup } from "#server/http/front-door.ts";
import { errors, json, jsonBody } from "#server/http/openapi.ts";
import { JSON_TYPE, prepareNow, sendPrepared } from "#server/http/prepared.ts";
import type { TrustedProxies } from "#server/http/trusted-proxies.ts";
import type { LimitRule, Limits } from "#server/rate-limit/limits.ts";
import { tooManyRequests } from "#server/rate-limit/middleware.ts";
import type { Auth } from "./auth.ts";
import { betterAuthOperations } from "./auth-docs.ts";
import { authAnswer, bareAuthError } from "./auth-errors.ts";
import { signAuthToken } from "./auth-token.ts";
import { businessRoutes } from "./business-routes.ts";
import { acceptInvitation } from "./invitations.ts";
import { type PhoneLimitName, phoneGuard, UNOFFERED_PHONE_PATHS } from "./phone-guard.ts";
import { sessionUser, signedInRouter } from "./session.ts";
import { ownRecord, updateUser } from "./users.ts";

type Limit = LimitRule;
export type AuthLimits = Record<"signIn" | "signUp" | "resetRequest" | "resetPassword", { ip: Limit; email?: Limit }>;
export type AuthLimitName = `auth.${keyof AuthLimits}.${"ip" | "email"}`;

/** Generous for people, tight for scripts: per client address and per e-mail address. */
export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  signIn: { ip: { max: 30, windowSeconds: 600 }, email: { max: 10, windowSeconds: 600 } },
  signUp: { ip: { max: 30, windowSeconds: 600 }, email: { max: 5, windowSeconds: 600 } },
  resetRequest: { ip: { max: 10, windowSeconds: 600 }, email: { max: 3, windowSeconds: 600 } },
  resetPassword: { ip: { max: 10, windowSeconds: 600 } },
};

/** The named limits of the auth routes, for createLimits. */
export function authLimitRules(limits: AuthLimits): Partial<Record<AuthLimitName, LimitRule>> {
  const rules: Partial<Record<AuthLimitName, LimitRule>> = {};
  for (const [name, rule] of Object.entries(limits) as [keyof AuthLimits, AuthLimits[keyof AuthLimits]][]) {
    rules[`auth.${name}.ip`] = rule.ip;
    if (rule.email) rules[`auth.${name}.email`] = rule.email;
  }
  return rules;
}

const ACCEPT_INVITATION_PATH = "/api/invitations/accept";

const limitedPaths: Record<string, keyof AuthLimits> = {
  "/api/auth/sign-in/email": "signIn",
  "/api/auth/sign-up/email": "signUp",
  "/api/auth/request-password-reset": "resetRequest",
  "/api/auth/reset-password": "resetPassword",
  // An invitation's first password is a password reset with a name: the same limit.
  [ACCEPT_INVITATION_PATH]: "resetPassword",
};

const RATE_LIMITED = "Too many attempts. Please wait a few minutes and try again.";

/**
 * A reset request for a known address does more than one for an unknown address (a token is
 * stored, a mail queued): answering both no sooner than this, well above either's work, makes their
 * times the same, so the answer's timing tells nobody who has an account.
 */
export const RESET_ANSWER_FLOOR_MS = 60;

const answerNoSoonerThan =
  (floorMs: number): MiddlewareHandler =>
  async (c, next) => {
    const started = performance.now();
    await next();
    if (c.req.method !== "POST") return;
    // A timer may fire a fraction of a millisecond early: wait again until the floor has passed.
    for (let left = floorMs - (performance.now() - started); left > 0; left = floorMs - (performance.now() - started)) {
      await new Promise((done) => setTimeout(done, Math.ceil(left)));
    }
  };

function rateLimit(limits: Limits<AuthLimitName>, rules: AuthLimits, trustProxy: TrustedProxies): MiddlewareHandler {
  return async (c, next) => {
    const name = c.req.method === "POST" ? limitedPaths[c.req.path] : undefined;
    if (!name) return next();
    const checks: [AuthLimitName, string][] = [[`auth.${name}.ip`, clientIp(c, trustProxy)]];
    if (rules[name].email) {
      const body = (await c.req.raw
        .clone()
        .json()
        .catch(() => ({}))) as { email?: unknown } | null;
      // Any body at all: the content type is not checked here, so `null` may come through.
      if (typeof body?.email === "string" && body.email.trim()) {
        checks.push([`auth.${name}.email`, body.email.trim().toLowerCase()]);
      }
    }
    for (const [limit, key] of checks) {
      const result = await limits.consume(limit, key);
      if (!result.allowed) return tooManyRequests(c, result, RATE_LIMITED);
    }
    return next();
  };
}

/** Whether a JSON value holds a string with a NUL character, which PostgreSQL text cannot store. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 64 || typeof value !== "object" || value === null) return false;
  return Object.entries(value).some(([key, inner]) => key.includes("\u0000") || holdsNul(inner, depth + 1));
}

/** The user fields only the phone sign-in's own routes may set: a number is the user's once a code proves it. */
const PHONE_FIELDS = new Set(["phoneNumber", "phoneNumberVerified"]);

/**
 * The only routes whose bodies carry a phone number, each checked by its own schema (phone-guard.ts),
 * and the plugin's routes that are not offered, which answer 404 whatever the body.
 */
const PHONE_ROUTES = new Set([
  "/api/auth/phone-number/send-otp",
  "/api/auth/phone-number/verify",
  ...UNOFFERED_PHONE_PATHS.map((path) => `/api${path}`),
]);

/** Whether a JSON value has a key naming a phone field, at any depth. */
function namesPhoneField(value: unknown, depth = 0): boolean {
  if (depth > 64 || typeof value !== "object" || value === null) return false;
  return Object.entries(value).some(([key, inner]) => PHONE_FIELDS.has(key) || namesPhoneField(inner, depth + 1));
}

const PHONE_FIELD_REFUSED = "A mobile number is added only by the code sent to it.";

/**
 * Better Auth's phone-number plugin makes `phoneNumber` a user field that takes input, and
 * /sign-up/email and /update-user pass the body's extra fields into the user: a number claimed
 * there, without a code, would sign its real owner into someone else's account. A form body (which
 * /sign-up/email also reads) is checked like a JSON one.
 */
async function formNamesPhoneField(c: Context): Promise<boolean> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  if (!type.includes("application/x-www-form-urlencoded") && !type.includes("multipart/form-data")) return false;
  const form = await c.req.raw
    .clone()
    .formData()
    .catch(() => undefined);
  return form ? [...form.keys()].some((key) => PHONE_FIELDS.has(key)) : false;
}

/**
 * Better Auth reads a JSON body as an object and fails with a 500 on `null` (and our limiter reads
 * `email` from it): a JSON body that is not an object gets a 400 here, before either sees it. So
 * does text with a NUL character, which made Better Auth's database lookups fail with a 500 (a
 * reset token `"a\u0000b"`), and a phone field outside the phone routes (`formNamesPhoneField`).
 * An empty body and other content types pass on; Better Auth answers them itself.
 */
const jsonObjectBody: MiddlewareHandler = async (c, next) => {
  if (c.req.method !== "POST") return next();
  const phoneRoute = PHONE_ROUTES.has(c.req.path);
  const refusePhone = () => c.json(errorBody("validation_error", PHONE_FIELD_REFUSED), 400);
  if (!/^application\/(.+\+)?json/i.test(c.req.header("content-type") ?? "")) {
    return !phoneRoute && (await formNamesPhoneField(c)) ? refusePhone() : next();
  }
  const text = await c.req.raw.clone().text();
  if (text.trim() === "") return next();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return c.json(errorBody("invalid_json", "The request body is not valid JSON."), 400);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return c.json(errorBody("invalid_input", "The request body must be a JSON object."), 400);
  }
  if (holdsNul(body)) return c.json(errorBody("invalid_input", "Text may not contain NUL characters."), 400);
  if (!phoneRoute && namesPhoneField(body)) return refusePhone();
  return next();
};

/** Passes a request to Better Auth, its errors answered in the API's one error shape (`authAnswer`). */
function handleAuth(auth: Auth, c: Context) {
  return authAnswer(auth, c.req.raw);
}

export type AuthRouteDeps = {
  auth: Auth;
  db: Database;
  secret: string;
  limits: Limits<AuthLimitName | PhoneLimitName>;
  authLimits: AuthLimits;
  trustProxy: TrustedProxies;
  /** `authOptionsAnswer`'s, made once. */
  authOptions: DoorAnswer;
};

const AUTH_OPTIONS_PATH = "/api/auth-options";

/**
 * The sign-in methods change only with the deployment's settings, so their answer is made once as
 * the app is built, and browsers revalidate it with its ETag. The route below and the front door
 * (`authOptionsAtTheDoor`) send the same one.
 */
export function authOptionsAnswer(googleEnabled: boolean): DoorAnswer {
  const body = JSON.stringify(authOptionsSchema.parse({ google: googleEnabled }));
  return { answer: prepareNow(JSON_TYPE, body), cacheControl: "public, no-cache" };
}

/** The same answer for the front door (http/front-door.ts). */
export function authOptionsAtTheDoor(authOptions: DoorAnswer): DoorLookup {
  return (path) => (path === AUTH_OPTIONS_PATH ? authOptions : undefined);
}

/** Better Auth at /api/auth/*, plus /api/me and /api/auth-options. Mounted at /api. */
export function authRoutes({ auth, db, secret, limits, authLimits, trustProxy, authOptions }: AuthRouteDeps) {
  const routes = new Hono()
    .get(
      "/auth-options",
      describeRoute({
        tags: ["Accounts"],
        summary: "Which sign-in methods this deployment offers",
        responses: { 200: json("The sign-in methods, with ETag revalidation.", authOptionsSchema) },
      }),
      (c) => sendPrepared(c, authOptions.answer, authOptions.cacheControl),
    )
    .use("/auth/request-password-reset", answerNoSoonerThan(RESET_ANSWER_FLOOR_MS))
    .use("/auth/*", jsonObjectBody)
    .use("/auth/*", rateLimit(limits, authLimits, trustProxy));
  const phone = phoneGuard(auth, db, limits, trustProxy);
  routes.use("/auth/phone-number/send-otp", phone.send).use("/auth/phone-number/verify", phone.verify);
  for (const path of UNOFFERED_PHONE_PATHS) {
    routes.all(path, (c) => c.json({ error: bareAuthError(404, c.req.method, c.req.path) }, 404));
  }
  // The Better Auth routes the product uses, described; then every other Better Auth path.
  for (const operation of betterAuthOperations(auth)) {
    routes.on(operation.method, `/auth${operation.path}`, describeRoute(operation.spec), (c) => handleAuth(auth, c));
  }
  return routes
    .on(["GET", "POST"], "/auth/*", (c) => handleAuth(auth, c))
    .route("/me/business", businessRoutes(auth, db))
    .route("/me", meRoutes(auth, db, secret))
    .route("/invitations", invitationRoutes({ auth, db, limits, authLimits, trustProxy }));
}

/**
 * `/api/invitations/accept`: an invited mate or operator chooses their password and gives their name
 * (issue 36). The password is set by Better Auth's own reset (the same checks, the token used once,
 * other sessions ended); the name is stored once it has been set.
 */
function invitationRoutes({
  auth,
  db,
  limits,
  authLimits,
  trustProxy,
}: Pick<AuthRouteDeps, "auth" | "db" | "limits" | "authLimits" | "trustProxy">) {
  return new Hono().use("/accept", rateLimit(limits, authLimits, trustProxy)).post(
    "/accept",
    describeRoute({
      tags: ["Accounts"],
      summary: "Accept an invitation: the first password and the person's name",
      description:
        "The token is the one of the invitation's link. A customer's reset link is not an invitation; it is refused like an unknown one.",
      requestBody: jsonBody(acceptInvitationSchema),
      responses: {
        200: json("The password and the name are set; other sessions end.", z.object({ status: z.boolean() })),
        ...errors(400, 403, 415, 429),
      },
    }),
    async (c) => {
      const input = parseInput(acceptInvitationSchema, await c.req.json());
      return acceptInvitation(auth, db, input, c.req.raw);
    },
  );
}

/** `/api/me`: the signed-in customer's own record, with a fresh authToken. */
function meRoutes(auth: Auth, db: Database, secret: string) {
  const me = async (c: Context, id: string) => {
    const user = await ownRecord(db, id, (await sessionUser(auth, c))?.sessionId);
    if (!user) throw new AppError(401, "unauthenticated", "Please log in to continue.");
    return c.json(meResponseSchema.parse({ user, authToken: signAuthToken(secret, user.uid) }));
  };
  return signedInRouter(auth)
    .get(
      "/",
      describeRoute({
        tags: ["Accounts"],
        security: [{ session: [] }],
        summary: "The signed-in customer's record and a fresh authToken",
        responses: { 200: json("The customer.", meResponseSchema), ...errors(401) },
      }),
      async (c) => me(c, c.get("userId")),
    )
    .patch(
      "/",
      describeRoute({
        tags: ["Accounts"],
        security: [{ session: [] }],
        summary: "Change the customer's name or mobile number",
        requestBody: jsonBody(updateMeSchema),
        responses: { 200: json("The changed customer.", meResponseSchema), ...errors(400, 401, 403, 429) },
      }),
      async (c) => {
        const id = c.get("userId");
        const changes = parseInput(updateMeSchema, await c.req.json());
        await updateUser(db, id, changes);
        return me(c, id);
      },
    );
}
