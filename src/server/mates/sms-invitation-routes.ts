import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { matePhoneNumberSchema, smsInvitationSchema } from "#domain/mate-sms-invitation.ts";
import { opsMateResponseSchema } from "#domain/ops.ts";
import type { Auth } from "#server/auth/auth.ts";
import type { Revocations } from "#server/auth/revocation.ts";
import { roleRouter } from "#server/auth/session.ts";
import type { AppDeps } from "#server/context.ts";
import { parseInput } from "#server/http/errors.ts";
import { errors, json, jsonBody, pathParam } from "#server/http/openapi.ts";
import { mateDetail } from "#server/ops/ops-mates.ts";
import type { SmsSender } from "#server/sms/sms.ts";
import { changeMatePhoneNumber, inviteMateBySms } from "./sms-invitations.ts";

const mateId = z.string().regex(/^[\w-]{1,100}$/, "That is not a mate id.");
const tags = ["Operations"];
const security = [{ session: [] }];

/**
 * `/api/ops/mates/:id/sms-invitation` and `/phone-number` (issue 41, record 073): an operator invites
 * a mate by SMS, and changes the number a mate signs in with; both audited.
 */
export function mateSmsRoutes(
  deps: AppDeps & { auth: Auth; sms: SmsSender; appOrigin: string; revocations: Revocations },
) {
  const smsDeps = { ...deps, ...(deps.now ? { now: deps.now } : {}) };
  return roleRouter(deps.auth, "operator")
    .post(
      "/:id/sms-invitation",
      describeRoute({
        tags,
        security,
        summary: "Invite a mate by SMS: a link that signs them in with a code to their number; audited",
        description:
          "The number is the one given, else the mate's sign-in number, else the one on their verified application.",
        parameters: [pathParam("id", mateId)],
        requestBody: jsonBody(smsInvitationSchema),
        responses: { 200: json("The mate.", opsMateResponseSchema), ...errors(400, 401, 403, 404, 409, 429, 503) },
      }),
      async (c) => {
        const id = parseInput(mateId, c.req.param("id"));
        const input = parseInput(smsInvitationSchema, await c.req.json());
        await inviteMateBySms(smsDeps, c.get("userId"), id, input);
        return c.json({ mate: await mateDetail(deps, id) });
      },
    )
    .put(
      "/:id/phone-number",
      describeRoute({
        tags,
        security,
        summary:
          "Change the mobile number a mate signs in with (mates cannot) and end their sessions; audited with the reason",
        parameters: [pathParam("id", mateId)],
        requestBody: jsonBody(matePhoneNumberSchema),
        responses: { 200: json("The mate.", opsMateResponseSchema), ...errors(400, 401, 403, 404, 409, 429) },
      }),
      async (c) => {
        const id = parseInput(mateId, c.req.param("id"));
        const input = parseInput(matePhoneNumberSchema, await c.req.json());
        await changeMatePhoneNumber(smsDeps, c.get("userId"), id, input);
        return c.json({ mate: await mateDetail(deps, id) });
      },
    );
}
