import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { makeRunSchema, payoutRunListSchema, payoutRunResponseSchema } from "#domain/payout-runs.ts";
import { weekBounds } from "#domain/payouts.ts";
import type { Auth } from "#server/auth/auth.ts";
import { roleRouter } from "#server/auth/session.ts";
import { type AppDeps, nowOf, payoutSettingsOf } from "#server/context.ts";
import { AppError, parseInput } from "#server/http/errors.ts";
import { errors, json, jsonBody, pathParam } from "#server/http/openapi.ts";
import { approveRun } from "./run-approval.ts";
import { listRuns, runDetail } from "./run-views.ts";
import { makeRun } from "./runs.ts";

const tags = ["Payouts"];
const security = [{ session: [] }];
const runId = z.uuid("That is not a payout run id.");
const runParam = pathParam("id", runId, "The run.");
const oneRun = json("The run, with each mate's settlement and latest payout.", payoutRunResponseSchema);

/**
 * `/api/ops/payout-runs` (issue 39, record 065): the weekly runs for operators: read them, make
 * one for a past week or this week so far (the queue makes each on the payout day), approve one (audited).
 */
export function payoutRunRoutes(deps: AppDeps & { auth: Auth }) {
  return roleRouter(deps.auth, "operator")
    .get(
      "/",
      describeRoute({
        tags,
        security,
        summary: "The weekly payout runs, newest first",
        responses: { 200: json("The runs.", payoutRunListSchema), ...errors(401, 403) },
      }),
      async (c) => c.json({ runs: await listRuns(deps.db) }),
    )
    .post(
      "/",
      describeRoute({
        tags,
        security,
        summary: "Make the run of a past week, or of this week so far, now (a draft)",
        description:
          "Answers 201 with the new run, or 200 with the run that week already has; 409 when a later week has a run.",
        requestBody: jsonBody(makeRunSchema),
        responses: { 200: oneRun, 201: oneRun, ...errors(400, 401, 403, 409, 429) },
      }),
      async (c) => {
        const { week } = parseInput(makeRunSchema, await c.req.json());
        const now = nowOf(deps);
        if (weekBounds(week).from > now) {
          throw new AppError(
            400,
            "week_not_begun",
            "That week has not begun: a run settles a week that is over or under way.",
          );
        }
        const made = await makeRun(deps.db, week, now, payoutSettingsOf(deps), c.get("userId"));
        return c.json(await runDetail(deps.db, made.runId), made.made ? 201 : 200);
      },
    )
    .get(
      "/:id",
      describeRoute({
        tags,
        security,
        summary: "A payout run: per mate the week's jobs, gross, commission, TDS, tips, collected, adjustments",
        parameters: [runParam],
        responses: { 200: oneRun, ...errors(400, 401, 403, 404) },
      }),
      async (c) => c.json(await runDetail(deps.db, parseInput(runId, c.req.param("id")))),
    )
    .post(
      "/:id/approve",
      describeRoute({
        tags,
        security,
        summary: "Approve a draft run: each payable mate's payout is queued to go through RazorpayX",
        parameters: [runParam],
        responses: { 200: oneRun, ...errors(400, 401, 403, 404, 409, 429) },
      }),
      async (c) => {
        const id = parseInput(runId, c.req.param("id"));
        await approveRun(deps, c.get("userId"), id);
        return c.json(await runDetail(deps.db, id));
      },
    );
}
