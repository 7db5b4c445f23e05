import type { DescribeRouteOptions } from "hono-openapi";
import { z } from "zod";
import { socialSignInResponseSchema } from "#domain/auth.ts";
import {
  sendPhoneCodeResponseSchema,
  sendPhoneCodeSchema,
  verifyPhoneCodeResponseSchema,
  verifyPhoneCodeSchema,
} from "#domain/phone-sign-in.ts";
import { errors, json, jsonBody, pathParam } from "#server/http/openapi.ts";
import type { Auth } from "./auth.ts";

/**
 * The Better Auth routes the product uses, described for /api/openapi.json. Their request bodies
 * are Better Auth's own zod schemas (the ones its endpoints validate with, read from `auth.api`);
 * their answers are described here, loosely, because Better Auth owns them and adds fields across
 * versions. Every other path under /api/auth/ still reaches Better Auth, undocumented.
 */

const tags = ["Accounts"];

const sessionUserSchema = z
  .object({ id: z.string(), email: z.string(), name: z.string(), emailVerified: z.boolean() })
  .loose();
const signedInSchema = z.object({ token: z.string().nullable(), user: sessionUserSchema }).loose();

type Endpoint = { options: { body?: unknown } };
/** Better Auth's own body schema of an endpoint (a zod schema, which is a standard schema). */
const bodyOf = (endpoint: Endpoint) => endpoint.options.body as z.ZodType;

export type AuthOperation = { method: "GET" | "POST"; path: string; spec: DescribeRouteOptions };

export function betterAuthOperations(auth: Auth): AuthOperation[] {
  const api = auth.api as unknown as Record<string, Endpoint>;
  const endpoint = (name: string) => {
    const found = api[name];
    if (!found) throw new Error(`Better Auth has no endpoint ${name}`);
    return found;
  };
  return [
    {
      method: "POST",
      path: "/sign-up/email",
      spec: {
        tags,
        summary: "Create an account with e-mail and password, and sign in",
        description: "Also requires `mobile`, a 10-digit Indian mobile number. Sets the session cookie.",
        requestBody: jsonBody(bodyOf(endpoint("signUpEmail"))),
        responses: { 200: json("Signed up and signed in.", signedInSchema), ...errors(400, 403, 415, 422, 429) },
      },
    },
    {
      method: "POST",
      path: "/sign-in/email",
      spec: {
        tags,
        summary: "Sign in with e-mail and password",
        requestBody: jsonBody(bodyOf(endpoint("signInEmail"))),
        responses: {
          200: json("Signed in; sets the session cookie.", signedInSchema),
          ...errors(400, 401, 403, 415, 429),
        },
      },
    },
    {
      method: "POST",
      path: "/phone-number/send-otp",
      spec: {
        tags,
        summary: "Send a sign-in code by SMS to a mobile number",
        description:
          "10 digits, the first 6 to 9, without +91. Answers the same whether or not the number has an account. One code per 30 seconds, a few per number and per client address an hour (429 with Retry-After); 503 when the SMS could not be sent.",
        requestBody: jsonBody(sendPhoneCodeSchema),
        responses: {
          200: json("The code is on its way.", sendPhoneCodeResponseSchema),
          ...errors(400, 403, 415, 429, 503),
        },
      },
    },
    {
      method: "POST",
      path: "/phone-number/verify",
      spec: {
        tags,
        summary: "Sign in with the code (a new number makes a customer account), or add the number",
        description:
          "Sets the session cookie. With `updatePhoneNumber: true` and a session, adds the number to the signed-in customer's account instead (409 when another account has it). A wrong code (400 invalid_otp) and an expired one (400 otp_expired) say which; three wrong tries end the code (403).",
        requestBody: jsonBody(verifyPhoneCodeSchema),
        responses: {
          200: json("Signed in, or the number added.", verifyPhoneCodeResponseSchema.loose()),
          ...errors(400, 401, 403, 409, 415, 429),
        },
      },
    },
    {
      method: "POST",
      path: "/sign-out",
      spec: {
        tags,
        summary: "End the session",
        responses: { 200: json("Signed out.", z.object({ success: z.boolean() })), ...errors(400, 403, 415) },
      },
    },
    {
      method: "POST",
      path: "/request-password-reset",
      spec: {
        tags,
        summary: "Mail a password reset link",
        description:
          "Answers the same, equally fast, whether or not the address has an account; the mail is sent after the answer.",
        requestBody: jsonBody(bodyOf(endpoint("requestPasswordReset"))),
        responses: {
          200: json("Asked (whether or not the address has an account).", z.object({ status: z.boolean() }).loose()),
          ...errors(400, 403, 415, 429),
        },
      },
    },
    {
      method: "POST",
      path: "/reset-password",
      spec: {
        tags,
        summary: "Set a new password with the token of a reset link",
        requestBody: jsonBody(bodyOf(endpoint("resetPassword"))),
        responses: {
          200: json("The password is changed; other sessions end.", z.object({ status: z.boolean() })),
          ...errors(400, 403, 415, 429),
        },
      },
    },
    {
      method: "GET",
      path: "/get-session",
      spec: {
        tags,
        summary: "The current session, or null",
        responses: {
          200: json(
            "The session and its user, or null for a visitor.",
            z.object({ session: z.object({}).loose(), user: sessionUserSchema }).nullable(),
          ),
          ...errors(400),
        },
      },
    },
    {
      method: "POST",
      path: "/sign-in/social",
      spec: {
        tags,
        summary: "Start Google sign-in",
        description: "Answers the provider's authorization URL, which the app opens in a window of its own.",
        requestBody: jsonBody(bodyOf(endpoint("signInSocial"))),
        responses: {
          200: json("Where to send the Google window.", socialSignInResponseSchema.loose()),
          ...errors(400, 403, 404, 415),
        },
      },
    },
    {
      method: "GET",
      path: "/callback/:id",
      spec: {
        tags,
        summary: "The provider's redirect back after Google sign-in",
        parameters: [pathParam("id", z.string(), "The provider, `google`.")],
        responses: { 302: { description: "To the done page, with `error=` when sign-in failed." }, ...errors(400) },
      },
    },
  ];
}
