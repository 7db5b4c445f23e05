import type { Context } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { caseMessageSchema, caseRatingSchema, HELP_RULES, openCaseSchema } from "#domain/help.ts";
import {
  caseListSchema,
  caseResponseSchema,
  deskCaseSchema,
  deskMessageSchema,
  deskQuerySchema,
  deskQueueSchema,
} from "#domain/help-api.ts";
import { deskDecisionSchema, deskMateActionSchema, deskReassignSchema } from "#domain/help-desk.ts";
import type { Auth } from "#server/auth/auth.ts";
import { roleRouter } from "#server/auth/session.ts";
import { parseInput } from "#server/http/errors.ts";
import { readDetailsAndFiles } from "#server/http/multipart.ts";
import { errors, json, jsonBody, pathParam, queryParams } from "#server/http/openapi.ts";
import { photoRoute, photosForm, photosLimit } from "#server/uploads/photo-route.ts";
import { bookingOfCase, casePhoto, openCase, ownCase, ownCases, rateResolution, replyToCase } from "./cases.ts";
import { decideCase } from "./decisions.ts";
import { deskCase, deskQueue, deskStep } from "./desk.ts";
import { askMateFromCase, reassignFromCase, suspendFromCase, warnFromCase } from "./desk-actions.ts";
import { caseSummary, presentCase } from "./present.ts";
import type { CaseRow } from "./schema.ts";
import type { HelpDeps } from "./steps.ts";

const tags = ["Help"];
const security = [{ session: [] }];
const bookingId = z.uuid("That is not a booking id.");
const caseId = z.uuid("That is not a case id.");
const caseParam = pathParam("id", caseId, "The case.");
const oneCase = json("The case as its customer sees it.", caseResponseSchema);

const photosTooLarge = photosLimit(HELP_RULES);
const multipart = (fields: string) => photosForm(HELP_RULES, fields);

type Deps = HelpDeps & { auth: Auth };

const answerCase = async (deps: Deps, c: Context, row: CaseRow, status: 200 | 201 = 200) =>
  c.json({ case: await presentCase(deps.db, row, await bookingOfCase(deps.db, row)) }, status);

/**
 * `POST /api/bookings/:id/cases`: the customer asks for help with a booking of theirs. A live case
 * about the same problem is answered as it is (200) instead of a second one (201).
 */
export function bookingHelpRoutes(deps: Deps) {
  return roleRouter(deps.auth, "customer").post(
    "/:id/cases",
    describeRoute({
      tags,
      security,
      summary: "Get help with a booking: open a case about one problem",
      description:
        "Answers 201 with the new case, or 200 with the case already open about the same problem of this booking.",
      parameters: [pathParam("id", bookingId, "The booking.")],
      requestBody: multipart("problem, description, amountRupees (damage: its value; charge: the amount)"),
      responses: {
        200: oneCase,
        201: oneCase,
        ...errors(400, 401, 403, 404, 409, 413, 415, 429),
      },
    }),
    photosTooLarge,
    async (c) => {
      const id = parseInput(bookingId, c.req.param("id"));
      const { details, files } = await readDetailsAndFiles(c, "the request", ["photos"]);
      const input = parseInput(openCaseSchema, details);
      const { row, existing } = await openCase(deps, c.get("userId"), id, input, files);
      return answerCase(deps, c, row, existing ? 200 : 201);
    },
  );
}

/** `/api/cases`: the customer's own cases; a case's photos for its customer or an operator. */
export function caseRoutes(deps: Deps) {
  const customer = roleRouter(deps.auth, "customer")
    .get(
      "/",
      describeRoute({
        tags,
        security,
        summary: "Your cases, the latest first",
        responses: { 200: json("The customer's cases.", caseListSchema), ...errors(401, 403) },
      }),
      async (c) => c.json({ cases: (await ownCases(deps.db, c.get("userId"))).map(caseSummary) }),
    )
    .get(
      "/:id",
      describeRoute({
        tags,
        security,
        summary: "One of your cases, with its thread",
        parameters: [caseParam],
        responses: { 200: oneCase, ...errors(400, 401, 403, 404) },
      }),
      async (c) => answerCase(deps, c, await ownCase(deps.db, c.get("userId"), parseInput(caseId, c.req.param("id")))),
    )
    .post(
      "/:id/messages",
      describeRoute({
        tags,
        security,
        summary: "Write in your case, with photos if they help",
        parameters: [caseParam],
        requestBody: multipart("body"),
        responses: { 200: oneCase, ...errors(400, 401, 403, 404, 409, 413, 415, 429) },
      }),
      photosTooLarge,
      async (c) => {
        const id = parseInput(caseId, c.req.param("id"));
        const { details, files } = await readDetailsAndFiles(c, "the message", ["photos"]);
        const { body } = parseInput(caseMessageSchema, details);
        return answerCase(deps, c, await replyToCase(deps, c.get("userId"), id, body, files));
      },
    )
    .post(
      "/:id/rating",
      describeRoute({
        tags,
        security,
        summary: "Say whether the resolution solved it (not solved opens the case again)",
        parameters: [caseParam],
        requestBody: jsonBody(caseRatingSchema),
        responses: { 200: oneCase, ...errors(400, 401, 403, 404, 409, 429) },
      }),
      async (c) => {
        const id = parseInput(caseId, c.req.param("id"));
        const { solved } = parseInput(caseRatingSchema, await c.req.json());
        return answerCase(deps, c, await rateResolution(deps, c.get("userId"), id, solved));
      },
    );
  const photoRead = photoRoute(
    deps,
    {
      tags,
      summary: "A photo of a case (JPEG or PNG), for its customer or an operator",
      id: caseId,
      idDescription: "The case.",
    },
    (viewer, id, key) => casePhoto(deps, viewer, id, key),
  );
  return { customer, photos: photoRead };
}

const DESK_STEPS = {
  answer: "Answer the customer",
  ask: "Ask the customer for more (the case waits for them)",
  resolve: "Resolve the case, saying how",
  close: "Close the case, saying why",
} as const;

/** `/api/ops/cases`: the resolution desk (operators only). */
export function deskRoutes(deps: Deps) {
  let router = roleRouter(deps.auth, "operator")
    .get(
      "/",
      describeRoute({
        tags,
        security,
        summary: "The desk's queue: safety cases first, then the oldest, each with its clock",
        parameters: queryParams(deskQuerySchema),
        responses: { 200: json("At most 200 cases.", deskQueueSchema), ...errors(400, 401, 403) },
      }),
      async (c) => c.json({ cases: await deskQueue(deps, parseInput(deskQuerySchema, c.req.query()).status) }),
    )
    .get(
      "/:id",
      describeRoute({
        tags,
        security,
        summary: "A case with its booking, customer, mates' record and thread",
        parameters: [caseParam],
        responses: { 200: json("The case.", deskCaseSchema), ...errors(400, 401, 403, 404) },
      }),
      async (c) => c.json(await deskCase(deps, parseInput(caseId, c.req.param("id")))),
    );
  for (const [step, summary] of Object.entries(DESK_STEPS) as [keyof typeof DESK_STEPS, string][]) {
    router = router.post(
      `/:id/${step}`,
      describeRoute({
        tags,
        security,
        summary,
        description: "Audited. A step the case's status does not allow (another operator was quicker) is a 409.",
        parameters: [caseParam],
        requestBody: jsonBody(deskMessageSchema, "What the customer reads; kept in the audit log."),
        responses: { 200: json("The case.", deskCaseSchema), ...errors(400, 401, 403, 404, 409, 429) },
      }),
      async (c) => {
        const id = parseInput(caseId, c.req.param("id"));
        const { message } = parseInput(deskMessageSchema, await c.req.json());
        return c.json(await deskStep(deps, c.get("userId"), id, step, message));
      },
    );
  }
  const deskCaseAnswer = json("The case.", deskCaseSchema);
  const action = (summary: string, description: string, body: z.ZodType) =>
    describeRoute({
      tags,
      security,
      summary,
      description: `${description} Audited; written into the case's thread for the customer.`,
      parameters: [caseParam],
      requestBody: jsonBody(body),
      responses: { 200: deskCaseAnswer, ...errors(400, 401, 403, 404, 409, 429) },
    });
  const caseIdOf = (c: Context) => parseInput(caseId, c.req.param("id"));
  return router
    .post(
      "/:id/decide",
      action(
        "Decide the case: refund, credit, declined with a reason, or free re-work (it resolves the case)",
        "A refund goes to the original payment through Razorpay (paid online) or comes as Mates credit (paid to the mate), never above what is left of it; damage is held to the cover per booking; one decision at a time, so a second operator deciding at once gets a 409.",
        deskDecisionSchema,
      ),
      async (c) => {
        const id = caseIdOf(c);
        await decideCase(deps, c.get("userId"), id, parseInput(deskDecisionSchema, await c.req.json()));
        return c.json(await deskCase(deps, id));
      },
    )
    .post(
      "/:id/reassign",
      action(
        "Take the booking's job from this mate and find another",
        "Only a job whose mate has not set off; the mate is not offered it again.",
        deskReassignSchema,
      ),
      async (c) => {
        const id = caseIdOf(c);
        const input = parseInput(deskReassignSchema, await c.req.json());
        await reassignFromCase(deps, c.get("userId"), id, input.mateId, input.message);
        return c.json(await deskCase(deps, id));
      },
    )
    .post(
      "/:id/warn",
      action("Warn the mate (kept on their record, told to them)", "The mate reads the reason.", deskMateActionSchema),
      async (c) => {
        const id = caseIdOf(c);
        await warnFromCase(deps, c.get("userId"), id, parseInput(deskMateActionSchema, await c.req.json()));
        return c.json(await deskCase(deps, id));
      },
    )
    .post(
      "/:id/suspend",
      action(
        "Suspend the mate (the console's suspension)",
        "Their jobs not yet under way go to other mates.",
        deskMateActionSchema,
      ),
      async (c) => {
        const id = caseIdOf(c);
        await suspendFromCase(deps, c.get("userId"), id, parseInput(deskMateActionSchema, await c.req.json()));
        return c.json(await deskCase(deps, id));
      },
    )
    .post(
      "/:id/ask-mate",
      action(
        "Ask the job's mate to answer in the case",
        "Shown to the mate (never a safety case), not to the customer; the mate is told by notice.",
        deskMessageSchema,
      ),
      async (c) => {
        const id = caseIdOf(c);
        const { message } = parseInput(deskMessageSchema, await c.req.json());
        await askMateFromCase(deps, c.get("userId"), id, message);
        return c.json(await deskCase(deps, id));
      },
    );
}
