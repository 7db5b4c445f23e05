import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { caseMessageSchema } from "#domain/help.ts";
import { mateCasesSchema } from "#domain/help-api.ts";
import type { Auth } from "#server/auth/auth.ts";
import { roleRouter } from "#server/auth/session.ts";
import { parseInput } from "#server/http/errors.ts";
import { errors, json, jsonBody, pathParam } from "#server/http/openapi.ts";
import { mateAnswer, mateCasesOfJob } from "./mate-cases.ts";
import type { HelpDeps } from "./steps.ts";

const tags = ["Help"];
const security = [{ session: [] }];
const jobId = z.uuid("That is not a job id.");
const caseId = z.uuid("That is not a case id.");
const jobParam = pathParam("id", jobId, "The mate's job.");
const cases = json("The cases about this job shared with its mate.", mateCasesSchema);

/**
 * `/api/mate/jobs/:id/cases`: the cases about a mate's job that an operator shared with them, and
 * their answer when asked (mates only; another mate's job is a 404). Never a safety case, never the
 * customer's words or contact details.
 */
export function mateCaseRoutes(deps: HelpDeps & { auth: Auth }) {
  return roleRouter(deps.auth, "mate")
    .get(
      "/:id/cases",
      describeRoute({
        tags,
        security,
        summary: "Cases about your job that Mates support shared with you",
        parameters: [jobParam],
        responses: { 200: cases, ...errors(400, 401, 403, 404) },
      }),
      async (c) =>
        c.json({ cases: await mateCasesOfJob(deps.db, c.get("userId"), parseInput(jobId, c.req.param("id"))) }),
    )
    .post(
      "/:id/cases/:caseId/messages",
      describeRoute({
        tags,
        security,
        summary: "Answer Mates support in a case about your job (when asked)",
        parameters: [jobParam, pathParam("caseId", caseId, "The case.")],
        requestBody: jsonBody(caseMessageSchema),
        responses: { 200: cases, ...errors(400, 401, 403, 404, 409, 429) },
      }),
      async (c) => {
        const job = parseInput(jobId, c.req.param("id"));
        const id = parseInput(caseId, c.req.param("caseId"));
        const { body } = parseInput(caseMessageSchema, await c.req.json());
        return c.json({ cases: await mateAnswer(deps, c.get("userId"), job, id, body) });
      },
    );
}
