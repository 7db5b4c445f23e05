import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { messageInputSchema, threadSchema } from "#domain/chat.ts";
import { opsChatSchema, reasonSchema } from "#domain/ops.ts";
import type { Auth } from "#server/auth/auth.ts";
import { roleRouter } from "#server/auth/session.ts";
import { parseInput } from "#server/http/errors.ts";
import { errors, json, jsonBody, pathParam } from "#server/http/openapi.ts";
import {
  type ChatDeps,
  customerReader,
  markRead,
  mateReader,
  operatorReadsThread,
  readThread,
  sendMessage,
} from "./chat.ts";

const tags = ["Chat"];
const security = [{ session: [] }];
const uuid = (what: string) => z.uuid(`That is not ${what}.`);
const bookingParam = pathParam("id", uuid("a booking id"), "The booking id.");
const jobParam = pathParam("id", uuid("a job id"), "The job id.");
const thread = json("The thread as the reader sees it.", z.object({ thread: threadSchema }));

/** The three operations of a thread, for one side: read, send, mark read. */
function threadRoutes(
  router: ReturnType<typeof roleRouter>,
  deps: ChatDeps,
  side: {
    what: string;
    param: typeof bookingParam;
    reader: (userId: string, id: string) => ReturnType<typeof customerReader>;
  },
) {
  const idOf = (value: string) => parseInput(uuid(side.what), value);
  return router
    .get(
      "/:id/messages",
      describeRoute({
        tags,
        security,
        summary: `The chat of ${side.what}`,
        parameters: [side.param],
        responses: { 200: thread, ...errors(400, 401, 403, 404) },
      }),
      async (c) =>
        c.json({ thread: await readThread(deps, await side.reader(c.get("userId"), idOf(c.req.param("id")))) }),
    )
    .post(
      "/:id/messages",
      describeRoute({
        tags,
        security,
        summary: `Send a message in the chat of ${side.what}`,
        description:
          "Text only, at most 1,000 characters; phone numbers and e-mail addresses are hidden from the other side.",
        parameters: [side.param],
        requestBody: jsonBody(messageInputSchema),
        responses: { 200: thread, ...errors(400, 401, 403, 404, 409, 429) },
      }),
      async (c) => {
        const reader = await side.reader(c.get("userId"), idOf(c.req.param("id")));
        const { body } = parseInput(messageInputSchema, await c.req.json());
        return c.json({ thread: await sendMessage(deps, reader, body) });
      },
    )
    .post(
      "/:id/messages/read",
      describeRoute({
        tags,
        security,
        summary: `Mark the other side's messages in the chat of ${side.what} read`,
        parameters: [side.param],
        responses: { 200: thread, ...errors(400, 401, 403, 404, 429) },
      }),
      async (c) =>
        c.json({ thread: await markRead(deps, await side.reader(c.get("userId"), idOf(c.req.param("id")))) }),
    );
}

/** `/api/bookings/:id/messages…` for the booking's customer. */
export function customerChatRoutes(deps: ChatDeps & { auth: Auth }) {
  return threadRoutes(roleRouter(deps.auth, "customer"), deps, {
    what: "a booking",
    param: bookingParam,
    reader: (userId, id) => customerReader(deps.db, userId, id),
  });
}

/** `/api/mate/jobs/:id/messages…` for the job's mate. */
export function mateChatRoutes(deps: ChatDeps & { auth: Auth }) {
  return threadRoutes(roleRouter(deps.auth, "mate"), deps, {
    what: "a job",
    param: jobParam,
    reader: (userId, id) => mateReader(deps.db, userId, id),
  });
}

/** `/api/ops/bookings/:id/chat`: an operator reads a thread whole, with a reason, audited. */
export function operatorChatRoutes(deps: ChatDeps & { auth: Auth }) {
  return roleRouter(deps.auth, "operator").post(
    "/:id/chat",
    describeRoute({
      tags: ["Operations"],
      security,
      summary: "Read a booking's chat whole, for a dispute (written to the audit log with the reason)",
      parameters: [bookingParam],
      requestBody: jsonBody(reasonSchema),
      responses: {
        200: json("Every message, unmasked.", opsChatSchema),
        ...errors(400, 401, 403, 404, 429),
      },
    }),
    async (c) => {
      const id = parseInput(uuid("a booking id"), c.req.param("id"));
      const { reason } = parseInput(reasonSchema, await c.req.json());
      return c.json({ messages: await operatorReadsThread(deps, c.get("userId"), id, reason) });
    },
  );
}
