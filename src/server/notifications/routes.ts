import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { notificationSettingsInputSchema, notificationSettingsSchema } from "#domain/notification-settings.ts";
import { pushKeySchema, pushSubscriptionSchema, pushUnsubscribeSchema } from "#domain/web-push.ts";
import type { Auth } from "#server/auth/auth.ts";
import { sessionUser, signedInRouter } from "#server/auth/session.ts";
import type { Database } from "#server/db/client.ts";
import { AppError, parseInput } from "#server/http/errors.ts";
import { errors, json, jsonBody } from "#server/http/openapi.ts";
import { escapeHtml } from "#server/mail/html.ts";
import { keepPushSubscription, removePushSubscription } from "./push-subscriptions.ts";
import { saveRatingPrompts, wantsRatingPrompts } from "./settings.ts";
import { unsubscribeTokenValid } from "./unsubscribe-tokens.ts";

const security = [{ session: [] }];
const ok = json("Done.", z.object({ ok: z.literal(true) }));

/**
 * `/api/push`: the server's VAPID public key (public), and this device's subscription, kept with
 * the sign-in it was made in (record 036): one per device; a device that subscribes again replaces
 * its earlier subscription, and an endpoint moves to whoever signed in on that device last.
 */
export function pushRoutes(deps: { auth: Auth; db: Database; publicKey: string }) {
  const { auth, db } = deps;
  const own = signedInRouter(auth)
    .put(
      "/subscription",
      describeRoute({
        tags: ["Notifications"],
        security,
        summary: "Keep this device's push subscription",
        description: "The answer of PushManager.subscribe() (its toJSON()); pushes go to it until this sign-in ends.",
        requestBody: jsonBody(pushSubscriptionSchema),
        responses: { 200: ok, ...errors(400, 401, 403, 429) },
      }),
      async (c) => {
        const input = parseInput(pushSubscriptionSchema, await c.req.json());
        const session = await sessionUser(auth, c);
        if (!session) throw new AppError(401, "unauthenticated", "Please log in to continue.");
        await keepPushSubscription(db, session, input, c.req.header("user-agent"));
        return c.json({ ok: true as const });
      },
    )
    .delete(
      "/subscription",
      describeRoute({
        tags: ["Notifications"],
        security,
        summary: "Stop pushes to this device",
        requestBody: jsonBody(pushUnsubscribeSchema),
        responses: { 200: ok, ...errors(400, 401, 403, 429) },
      }),
      async (c) => {
        const { endpoint } = parseInput(pushUnsubscribeSchema, await c.req.json());
        await removePushSubscription(db, c.get("userId"), endpoint);
        return c.json({ ok: true as const });
      },
    );
  return new Hono()
    .get(
      "/key",
      describeRoute({
        tags: ["Notifications"],
        summary: "The server's VAPID public key",
        description: "The applicationServerKey for PushManager.subscribe(), base64url.",
        responses: { 200: json("The key.", pushKeySchema) },
      }),
      (c) => c.json({ publicKey: deps.publicKey }),
    )
    .route("/", own);
}

/** `/api/notification-settings`: the notices a person may turn off (rating prompts). */
export function notificationSettingsRoutes(deps: { auth: Auth; db: Database }) {
  const { auth, db } = deps;
  const answer = json("The settings.", z.object({ settings: notificationSettingsSchema }));
  return signedInRouter(auth)
    .get(
      "/",
      describeRoute({
        tags: ["Notifications"],
        security,
        summary: "The signed-in person's notification settings",
        responses: { 200: answer, ...errors(401) },
      }),
      async (c) => c.json({ settings: { ratingPrompts: await wantsRatingPrompts(db, c.get("userId")) } }),
    )
    .put(
      "/",
      describeRoute({
        tags: ["Notifications"],
        security,
        summary: "Change the notification settings",
        requestBody: jsonBody(notificationSettingsInputSchema),
        responses: { 200: answer, ...errors(400, 401, 403, 429) },
      }),
      async (c) => {
        const settings = parseInput(notificationSettingsInputSchema, await c.req.json());
        await saveRatingPrompts(db, c.get("userId"), settings.ratingPrompts);
        return c.json({ settings });
      },
    );
}

/** Where the one-click unsubscribe link of a rating prompt points (outside the same-origin check). */
export const UNSUBSCRIBE_PATH = "/api/notifications/unsubscribe";

const unsubscribeQuery = z.object({ user: z.string().min(1).max(100), token: z.string().min(1).max(100) });

function page(title: string, body: string): string {
  // Plain HTML: the pages' Content-Security-Policy allows no inline style, and none is needed.
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Mates</title><meta name="robots" content="noindex"></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/**
 * The unsubscribe link of rating prompts (RFC 8058): a mail app's one-click POST turns them off at
 * once; a person who opens the link gets a page with one button, so a link scanner's GET changes
 * nothing. The signed token is the permission; the person turns prompts back on in their profile.
 */
export function unsubscribeRoutes(deps: { db: Database; secret: string }) {
  const check = (query: Record<string, string>) => {
    const parsed = unsubscribeQuery.safeParse(query);
    if (!parsed.success || !unsubscribeTokenValid(deps.secret, parsed.data.user, parsed.data.token)) {
      throw new AppError(
        400,
        "bad_unsubscribe_link",
        "This unsubscribe link is not valid. Turn reminders off in your profile.",
      );
    }
    return parsed.data;
  };
  const params = [
    { name: "user", in: "query" as const, required: true, schema: { type: "string" as const } },
    { name: "token", in: "query" as const, required: true, schema: { type: "string" as const } },
  ];
  return new Hono()
    .get(
      "/",
      describeRoute({
        tags: ["Notifications"],
        summary: "The page of a rating prompt's unsubscribe link",
        parameters: params,
        responses: { 200: { description: "A page with one button that turns rating reminders off." }, ...errors(400) },
      }),
      (c) => {
        const { user, token } = check(c.req.query());
        const action = `${UNSUBSCRIBE_PATH}?user=${encodeURIComponent(user)}&token=${encodeURIComponent(token)}`;
        c.header("Cache-Control", "no-store");
        return c.html(
          page(
            "Stop rating reminders?",
            `<p>We ask you to rate a job once it is done. You can stop these mails and notifications; mails about your bookings still come.</p><form method="post" action="${escapeHtml(action)}"><button type="submit">Stop rating reminders</button></form>`,
          ),
        );
      },
    )
    .post(
      "/",
      describeRoute({
        tags: ["Notifications"],
        summary: "Turn rating reminders off (one-click unsubscribe)",
        parameters: params,
        responses: { 200: { description: "Done: a page that says so." }, ...errors(400) },
      }),
      async (c) => {
        const { user } = check(c.req.query());
        await saveRatingPrompts(deps.db, user, false);
        c.header("Cache-Control", "no-store");
        return c.html(
          page(
            "Rating reminders are off",
            "<p>You will not get rating reminders any more. Mails about your bookings still come. You can turn reminders back on in your profile.</p>",
          ),
        );
      },
    );
}
