import { randomUUID } from "node:crypto";
import { describeRoute } from "hono-openapi";
import type { Logger } from "pino";
import { z } from "zod";
import { availabilitySchema } from "#domain/availability.ts";
import { collectSchema, extraInputSchema, releaseSchema, startCodeSchema } from "#domain/job.ts";
import { earningsSchema, mateJobResponseSchema, mateJobsResponseSchema } from "#domain/mate-app.ts";
import { mateMeSchema } from "#domain/mate-money.ts";
import type { Auth } from "#server/auth/auth.ts";
import { roleRouter } from "#server/auth/session.ts";
import { addExtra, mateOfUser, type StepInput, takeStep } from "#server/bookings/job-steps.ts";
import { getMateJob, listMateJobs, mateEarnings } from "#server/bookings/mate-jobs.ts";
import { type AppDeps, nowOf, payoutSettingsOf } from "#server/context.ts";
import { parseInput } from "#server/http/errors.ts";
import { errors, json, jsonBody, pathParam } from "#server/http/openapi.ts";
import { mateMoney } from "#server/payouts/mate-dues.ts";
import { type MateRow, mateFields, setAvailability } from "./mates.ts";

const jobId = z.uuid("That is not a job id.");
const tags = ["Mate app"];
const security = [{ session: [] }];
const jobParam = pathParam("id", jobId, "The job id.");
const oneJob = json("The job as it now is.", mateJobResponseSchema);
const releasedSchema = z.object({ released: z.literal(true), jobId: z.string() });

/** A job step's route: its input schema (if any) and how the body becomes the step. */
const STEPS: { path: string; summary: string; body?: z.ZodType; step: (body: never) => StepInput }[] = [
  {
    path: "on-the-way",
    summary: "Mark the job on the way (from SET_OFF_WINDOW_MINUTES before the start; earlier is a 409)",
    step: () => ({ action: "on_the_way" }),
  },
  { path: "arrive", summary: "Mark arrival at the customer's home", step: () => ({ action: "arrive" }) },
  {
    path: "start",
    summary: "Start the job with the customer's 4-digit start code",
    body: startCodeSchema,
    step: (body: z.infer<typeof startCodeSchema>) => ({ action: "start", code: body.code }),
  },
  { path: "complete", summary: "Complete the job", step: () => ({ action: "complete" }) },
  {
    path: "collect",
    summary: "Record the payment collected (pay after service)",
    body: collectSchema,
    step: (body: z.infer<typeof collectSchema>) => ({ action: "collect", method: body.method }),
  },
];

/**
 * `/api/mate/*`, the mate app's API: for a signed-in mate only (a visitor gets a 401, a customer or
 * an operator a 403, in the router's one check), and only their own jobs (another's is a 404).
 */
export function mateRoutes(deps: AppDeps & { auth: Auth; logger: Logger }) {
  const now = () => nowOf(deps);
  /** One of the mate's jobs as the app shows it, with what it earns them at today's rates. */
  const jobOf = (mate: MateRow, id: string) =>
    getMateJob(deps.db, mate, id, now(), deps.setOffWindowMinutes, payoutSettingsOf(deps));
  const router = roleRouter(deps.auth, "mate")
    .get(
      "/me",
      describeRoute({
        tags,
        security,
        summary: "The signed-in mate's profile and availability",
        responses: { 200: json("The mate.", z.object({ mate: mateMeSchema })), ...errors(401, 403) },
      }),
      async (c) => {
        const mate = await mateOfUser(deps.db, c.get("userId"));
        return c.json({
          mate: {
            ...mateFields(mate),
            availability: { weeklyHours: mate.weeklyHours, daysOff: mate.daysOff },
            ...(await mateMoney(deps.db, mate, payoutSettingsOf(deps))),
          },
        });
      },
    )
    .put(
      "/availability",
      describeRoute({
        tags,
        security,
        summary: "Set weekly hours (6:00 AM to 9:00 PM) and days off; customers' slots follow at once",
        requestBody: jsonBody(availabilitySchema),
        responses: {
          200: json("The availability as stored.", z.object({ availability: availabilitySchema })),
          ...errors(400, 401, 403, 429),
        },
      }),
      async (c) => {
        const mate = await mateOfUser(deps.db, c.get("userId"));
        const input = parseInput(availabilitySchema, await c.req.json());
        return c.json({ availability: await setAvailability(deps.db, mate.id, input) });
      },
    )
    .get(
      "/jobs",
      describeRoute({
        tags,
        security,
        summary: "Today's, upcoming and recent jobs",
        responses: { 200: json("The jobs.", mateJobsResponseSchema), ...errors(401, 403) },
      }),
      async (c) =>
        c.json(
          await listMateJobs(
            deps.db,
            await mateOfUser(deps.db, c.get("userId")),
            now(),
            deps.setOffWindowMinutes,
            payoutSettingsOf(deps),
          ),
        ),
    )
    .get(
      "/jobs/:id",
      describeRoute({
        tags,
        security,
        summary: "One of the mate's jobs",
        parameters: [jobParam],
        responses: { 200: oneJob, ...errors(400, 401, 403, 404) },
      }),
      async (c) => {
        const mate = await mateOfUser(deps.db, c.get("userId"));
        return c.json({
          job: await jobOf(mate, parseInput(jobId, c.req.param("id"))),
        });
      },
    )
    .post(
      "/jobs/:id/extras",
      describeRoute({
        tags,
        security,
        summary: "Propose extra work (what, price in rupees) for the customer to approve",
        parameters: [jobParam],
        requestBody: jsonBody(extraInputSchema),
        responses: { 201: oneJob, ...errors(400, 401, 403, 404, 409, 429) },
      }),
      async (c) => {
        const userId = c.get("userId");
        const id = parseInput(jobId, c.req.param("id"));
        const input = parseInput(extraInputSchema, await c.req.json());
        await addExtra(deps, userId, id, input, randomUUID());
        return c.json(
          {
            job: await jobOf(await mateOfUser(deps.db, userId), id),
          },
          201,
        );
      },
    )
    .get(
      "/earnings",
      describeRoute({
        tags,
        security,
        summary: "Jobs done and amounts collected this week and this month, by method",
        responses: { 200: json("The earnings.", earningsSchema), ...errors(401, 403) },
      }),
      async (c) => c.json(await mateEarnings(deps.db, await mateOfUser(deps.db, c.get("userId")), now())),
    )
    .post(
      "/jobs/:id/release",
      describeRoute({
        tags,
        security,
        summary: "Hand the job back (until 3 hours before the start), with a reason",
        description:
          "The job goes to the next best free mate; it is no longer this mate's, so the answer is not the job.",
        parameters: [jobParam],
        requestBody: jsonBody(releaseSchema),
        responses: {
          200: json("Released.", releasedSchema),
          ...errors(400, 401, 403, 404, 409, 429),
        },
      }),
      async (c) => {
        const id = parseInput(jobId, c.req.param("id"));
        const { reason } = parseInput(releaseSchema, await c.req.json());
        await takeStep(deps, c.get("userId"), id, { action: "release", reason });
        return c.json({ released: true as const, jobId: id });
      },
    );

  for (const step of STEPS) {
    router.post(
      `/jobs/:id/${step.path}`,
      describeRoute({
        tags,
        security,
        summary: step.summary,
        parameters: [jobParam],
        ...(step.body ? { requestBody: jsonBody(step.body) } : {}),
        responses: { 200: oneJob, ...errors(400, 401, 403, 404, 409, 423, 429) },
      }),
      async (c) => {
        const userId = c.get("userId");
        const id = parseInput(jobId, c.req.param("id"));
        const body = step.body ? parseInput(step.body, await c.req.json()) : undefined;
        await takeStep(deps, userId, id, step.step(body as never));
        return c.json({
          job: await jobOf(await mateOfUser(deps.db, userId), id),
        });
      },
    );
  }
  return router;
}
