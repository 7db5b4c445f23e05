import { describeRoute } from "hono-openapi";
import { z } from "zod";
import {
  assignCandidatesSchema,
  assignJobSchema,
  auditListSchema,
  auditQuerySchema,
  editMateSchema,
  inviteOperatorSchema,
  opsBookingListSchema,
  opsBookingQuerySchema,
  opsBookingResponseSchema,
  opsCustomerListSchema,
  opsCustomerResponseSchema,
  opsMateListSchema,
  opsMateResponseSchema,
  opsOperatorListSchema,
  reasonSchema,
  searchQuerySchema,
} from "#domain/ops.ts";
import type { Auth } from "#server/auth/auth.ts";
import { roleRouter } from "#server/auth/session.ts";
import { unlockStartCode } from "#server/bookings/job-steps.ts";
import type { AppDeps } from "#server/context.ts";
import { parseInput } from "#server/http/errors.ts";
import { errors, json, jsonBody, pathParam, queryParams } from "#server/http/openapi.ts";
import { listAudit } from "./audit.ts";
import {
  assignByHand,
  assignCandidates,
  cancelForCustomer,
  listOpsBookings,
  opsBookingDetail,
} from "./ops-bookings.ts";
import { editMate, mateDetail, reinstateMate, searchMates, suspendMate } from "./ops-mates.ts";
import {
  customerDetail,
  disableCustomer,
  enableCustomer,
  inviteOperator,
  listOperators,
  type PeopleDeps,
  searchCustomers,
} from "./ops-people.ts";

const tags = ["Operations"];
const security = [{ session: [] }];
const id = (what: string) =>
  z
    .string()
    .min(1)
    .max(100)
    .regex(/^[\w-]+$/, `That is not a ${what} id.`);
const bookingId = z.uuid("That is not a booking id.");
const jobId = z.uuid("That is not a job id.");
const mateId = id("mate");
const userId = id("customer");
const search = z.object({ q: searchQuerySchema }).strict();
const reasonBody = jsonBody(reasonSchema, "Why: kept in the audit log.");

/**
 * `/api/ops/*` (issue 16): the operator console's API. One role check for the whole router; every
 * change is written to the audit log in its own transaction (the work modules do it). Applications
 * have their own router (`/api/ops/applications`, applications/routes.ts), behind the same check.
 */
export function operatorRoutes(deps: AppDeps & PeopleDeps & { auth: Auth }) {
  return (
    roleRouter(deps.auth, "operator")
      // Mates
      .get(
        "/mates",
        describeRoute({
          tags,
          security,
          summary: "Find mates by name, id, locality, skill or e-mail",
          parameters: queryParams(search),
          responses: { 200: json("At most 100 mates.", opsMateListSchema), ...errors(400, 401, 403) },
        }),
        async (c) => c.json({ mates: await searchMates(deps.db, parseInput(search, c.req.query()).q) }),
      )
      .get(
        "/mates/:id",
        describeRoute({
          tags,
          security,
          summary: "A mate: hours, rating, upcoming and recent jobs",
          parameters: [pathParam("id", mateId)],
          responses: { 200: json("The mate.", opsMateResponseSchema), ...errors(400, 401, 403, 404) },
        }),
        async (c) => c.json({ mate: await mateDetail(deps, parseInput(mateId, c.req.param("id"))) }),
      )
      .patch(
        "/mates/:id",
        describeRoute({
          tags,
          security,
          summary: "Change a mate's skills or hours",
          parameters: [pathParam("id", mateId)],
          requestBody: jsonBody(editMateSchema),
          responses: { 200: json("The mate.", opsMateResponseSchema), ...errors(400, 401, 403, 404, 429) },
        }),
        async (c) => {
          const edit = parseInput(editMateSchema, await c.req.json());
          return c.json({ mate: await editMate(deps, c.get("userId"), parseInput(mateId, c.req.param("id")), edit) });
        },
      )
      .post(
        "/mates/:id/suspend",
        describeRoute({
          tags,
          security,
          summary: "Suspend a mate: their jobs not yet under way go to the next best free mate",
          parameters: [pathParam("id", mateId)],
          requestBody: reasonBody,
          responses: { 200: json("The mate.", opsMateResponseSchema), ...errors(400, 401, 403, 404, 409, 429) },
        }),
        async (c) => {
          const { reason } = parseInput(reasonSchema, await c.req.json());
          const mate = await suspendMate(deps, c.get("userId"), parseInput(mateId, c.req.param("id")), reason);
          return c.json({ mate });
        },
      )
      .post(
        "/mates/:id/reinstate",
        describeRoute({
          tags,
          security,
          summary: "Reinstate a suspended mate",
          parameters: [pathParam("id", mateId)],
          requestBody: reasonBody,
          responses: { 200: json("The mate.", opsMateResponseSchema), ...errors(400, 401, 403, 404, 409, 429) },
        }),
        async (c) => {
          const { reason } = parseInput(reasonSchema, await c.req.json());
          const mate = await reinstateMate(deps, c.get("userId"), parseInput(mateId, c.req.param("id")), reason);
          return c.json({ mate });
        },
      )
      // Bookings
      .get(
        "/bookings",
        describeRoute({
          tags,
          security,
          summary: "The at-risk and finding-a-mate queues, and bookings by id, customer, mate, status or date",
          parameters: queryParams(opsBookingQuerySchema),
          responses: { 200: json("The queues and what was found.", opsBookingListSchema), ...errors(400, 401, 403) },
        }),
        async (c) => c.json(await listOpsBookings(deps, parseInput(opsBookingQuerySchema, c.req.query()))),
      )
      .get(
        "/bookings/:id",
        describeRoute({
          tags,
          security,
          summary: "A booking as its customer sees it, and who the customer is",
          parameters: [pathParam("id", bookingId)],
          responses: { 200: json("The booking.", opsBookingResponseSchema), ...errors(400, 401, 403, 404) },
        }),
        async (c) => c.json(await opsBookingDetail(deps, parseInput(bookingId, c.req.param("id")))),
      )
      .get(
        "/bookings/:id/jobs/:jobId/candidates",
        describeRoute({
          tags,
          security,
          summary: "The free, verified mates with the skill who could take a job",
          parameters: [pathParam("id", bookingId), pathParam("jobId", jobId)],
          responses: { 200: json("Nearest first.", assignCandidatesSchema), ...errors(400, 401, 403, 404) },
        }),
        async (c) => {
          const candidates = await assignCandidates(
            deps,
            parseInput(bookingId, c.req.param("id")),
            parseInput(jobId, c.req.param("jobId")),
          );
          return c.json({ candidates });
        },
      )
      .post(
        "/bookings/:id/jobs/:jobId/assign",
        describeRoute({
          tags,
          security,
          summary: "Give a job to a mate by hand",
          parameters: [pathParam("id", bookingId), pathParam("jobId", jobId)],
          requestBody: jsonBody(assignJobSchema),
          responses: { 200: json("The booking.", opsBookingResponseSchema), ...errors(400, 401, 403, 404, 409, 429) },
        }),
        async (c) => {
          const input = parseInput(assignJobSchema, await c.req.json());
          return c.json(
            await assignByHand(
              deps,
              c.get("userId"),
              parseInput(bookingId, c.req.param("id")),
              parseInput(jobId, c.req.param("jobId")),
              input.mateId,
            ),
          );
        },
      )
      .post(
        "/bookings/:id/unlock-start-code",
        describeRoute({
          tags,
          security,
          summary: "Unlock a start code locked after 5 wrong tries",
          parameters: [pathParam("id", bookingId)],
          responses: { 200: json("The booking.", opsBookingResponseSchema), ...errors(400, 401, 403, 404, 409, 429) },
        }),
        async (c) => {
          const bookingIdValue = parseInput(bookingId, c.req.param("id"));
          await unlockStartCode(deps, c.get("userId"), bookingIdValue);
          return c.json(await opsBookingDetail(deps, bookingIdValue));
        },
      )
      .post(
        "/bookings/:id/cancel",
        describeRoute({
          tags,
          security,
          summary: "Cancel a booking on its customer's behalf, free of charge",
          parameters: [pathParam("id", bookingId)],
          requestBody: reasonBody,
          responses: { 200: json("The booking.", opsBookingResponseSchema), ...errors(400, 401, 403, 404, 409, 429) },
        }),
        async (c) => {
          const { reason } = parseInput(reasonSchema, await c.req.json());
          return c.json(
            await cancelForCustomer(deps, c.get("userId"), parseInput(bookingId, c.req.param("id")), reason),
          );
        },
      )
      // Customers
      .get(
        "/customers",
        describeRoute({
          tags,
          security,
          summary: "Find customers by name, e-mail, mobile or key",
          parameters: queryParams(search),
          responses: { 200: json("At most 50 customers.", opsCustomerListSchema), ...errors(400, 401, 403) },
        }),
        async (c) => c.json({ customers: await searchCustomers(deps.db, parseInput(search, c.req.query()).q) }),
      )
      .get(
        "/customers/:id",
        describeRoute({
          tags,
          security,
          summary: "A customer, their bookings and addresses",
          parameters: [pathParam("id", userId)],
          responses: { 200: json("The customer.", opsCustomerResponseSchema), ...errors(400, 401, 403, 404) },
        }),
        async (c) => c.json({ customer: await customerDetail(deps, parseInput(userId, c.req.param("id"))) }),
      )
      .post(
        "/customers/:id/disable",
        describeRoute({
          tags,
          security,
          summary: "Disable an account: it cannot sign in and its sessions end at once",
          parameters: [pathParam("id", userId)],
          requestBody: reasonBody,
          responses: { 200: json("The customer.", opsCustomerResponseSchema), ...errors(400, 401, 403, 404, 409, 429) },
        }),
        async (c) => {
          const { reason } = parseInput(reasonSchema, await c.req.json());
          const customer = await disableCustomer(deps, c.get("userId"), parseInput(userId, c.req.param("id")), reason);
          return c.json({ customer });
        },
      )
      .post(
        "/customers/:id/enable",
        describeRoute({
          tags,
          security,
          summary: "Enable a disabled account again",
          parameters: [pathParam("id", userId)],
          requestBody: reasonBody,
          responses: { 200: json("The customer.", opsCustomerResponseSchema), ...errors(400, 401, 403, 404, 409, 429) },
        }),
        async (c) => {
          const { reason } = parseInput(reasonSchema, await c.req.json());
          const customer = await enableCustomer(deps, c.get("userId"), parseInput(userId, c.req.param("id")), reason);
          return c.json({ customer });
        },
      )
      // Operators and the audit log
      .get(
        "/operators",
        describeRoute({
          tags,
          security,
          summary: "The operations team",
          responses: { 200: json("Every operator.", opsOperatorListSchema), ...errors(401, 403) },
        }),
        async (c) => c.json({ operators: await listOperators(deps.db) }),
      )
      .post(
        "/operators",
        describeRoute({
          tags,
          security,
          summary: "Invite an operator by e-mail",
          requestBody: jsonBody(inviteOperatorSchema),
          responses: { 201: json("Every operator.", opsOperatorListSchema), ...errors(400, 401, 403, 409, 429) },
        }),
        async (c) => {
          const { email } = parseInput(inviteOperatorSchema, await c.req.json());
          return c.json({ operators: await inviteOperator(deps, c.get("userId"), email) }, 201);
        },
      )
      .get(
        "/audit",
        describeRoute({
          tags,
          security,
          summary: "The audit log, newest first, 50 a page",
          parameters: queryParams(auditQuerySchema),
          responses: { 200: json("A page of the log.", auditListSchema), ...errors(400, 401, 403) },
        }),
        async (c) => c.json(await listAudit(deps.db, parseInput(auditQuerySchema, c.req.query()))),
      )
  );
}
