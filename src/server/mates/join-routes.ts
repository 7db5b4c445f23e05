import { type Context, Hono } from "hono";
import { describeRoute } from "hono-openapi";
import {
  INVALID_JOIN_LINK,
  joinCheckResponseSchema,
  joinCheckSchema,
  joinVerifySchema,
  maskedNumber,
} from "#domain/mate-sms-invitation.ts";
import { sendPhoneCodeResponseSchema, verifyPhoneCodeResponseSchema } from "#domain/phone-sign-in.ts";
import type { Auth } from "#server/auth/auth.ts";
import { authAnswer } from "#server/auth/auth-errors.ts";
import { type PhoneLimitName, phoneLimiter } from "#server/auth/phone-guard.ts";
import { nowOf } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import { AppError, parseInput } from "#server/http/errors.ts";
import { errors, json, jsonBody } from "#server/http/openapi.ts";
import type { TrustedProxies } from "#server/http/trusted-proxies.ts";
import type { Limits } from "#server/rate-limit/limits.ts";
import { joinInvitationOf, spendJoinInvitation } from "./sms-invitations.ts";

type JoinDeps = {
  auth: Auth;
  db: Database;
  limits: Limits<PhoneLimitName>;
  trustProxy: TrustedProxies;
  now?: () => Date;
};

const tags = ["Accounts"];

/** The person's request passed to Better Auth's phone-number route `path` with `body`, as they sent it. */
function toBetterAuth(c: Context, path: string, body: Record<string, string>): Request {
  const headers = new Headers(c.req.raw.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  return new Request(new URL(`/api/auth${path}`, c.req.url), { method: "POST", headers, body: JSON.stringify(body) });
}

/**
 * `/api/mate-invitations/*` (issue 41, record 073): the page a mate's SMS invitation opens. The link's
 * token stands for the number: the page never learns it (it is shown masked), asks for a code to it
 * and signs the mate in with the code, through the phone sign-in's own routes and limits. A right
 * code uses the link up; a wrong one leaves it for the next try.
 */
export function mateJoinRoutes(deps: JoinDeps) {
  const limiter = phoneLimiter(deps.limits, deps.trustProxy, deps.db);
  const invitationOf = async (token: string) => {
    const found = await joinInvitationOf(deps.db, token, nowOf(deps));
    if (!found) throw new AppError(400, "invalid_token", INVALID_JOIN_LINK);
    return found;
  };
  return new Hono()
    .post(
      "/check",
      describeRoute({
        tags,
        summary: "Whose invitation a link is, and the number (masked) its codes go to",
        requestBody: jsonBody(joinCheckSchema),
        responses: { 200: json("The invitation.", joinCheckResponseSchema), ...errors(400, 415, 429) },
      }),
      async (c) => {
        const { token } = parseInput(joinCheckSchema, await c.req.json());
        const found = await invitationOf(token);
        return c.json(
          joinCheckResponseSchema.parse({ name: found.name, phoneNumber: maskedNumber(found.phoneNumber) }),
        );
      },
    )
    .post(
      "/send-code",
      describeRoute({
        tags,
        summary: "Send a sign-in code by SMS to the invitation's number",
        description: "The phone sign-in's limits apply (a new code not before 30 seconds, and so on).",
        requestBody: jsonBody(joinCheckSchema),
        responses: { 200: json("The code is sent.", sendPhoneCodeResponseSchema), ...errors(400, 415, 429, 503) },
      }),
      async (c) => {
        const { token } = parseInput(joinCheckSchema, await c.req.json());
        const { phoneNumber } = await invitationOf(token);
        let answer: Response | undefined;
        const refused = await limiter.send(c, phoneNumber, async () => {
          answer = await authAnswer(deps.auth, toBetterAuth(c, "/phone-number/send-otp", { phoneNumber }));
          return answer.status;
        });
        return refused ?? answer ?? c.json({ message: "code sent" });
      },
    )
    .post(
      "/verify",
      describeRoute({
        tags,
        summary: "Sign the invited mate in with the code; the link is used up",
        responses: {
          200: json("Signed in: the session cookie is set.", verifyPhoneCodeResponseSchema),
          ...errors(400, 403, 415, 429),
        },
        requestBody: jsonBody(joinVerifySchema),
      }),
      async (c) => {
        const { token, code } = parseInput(joinVerifySchema, await c.req.json());
        const { phoneNumber } = await invitationOf(token);
        const refused = await limiter.verify(c, phoneNumber);
        if (refused) return refused;
        const answer = await authAnswer(deps.auth, toBetterAuth(c, "/phone-number/verify", { phoneNumber, code }));
        if (answer.ok) await spendJoinInvitation(deps.db, token);
        return answer;
      },
    );
}
