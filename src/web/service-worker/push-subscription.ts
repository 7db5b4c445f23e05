import { PUSH_SUBSCRIPTION_PATH } from "#domain/installable-app.ts";

/**
 * A renewed push subscription, sent to the server the way the page sends a new one (issue 19's
 * contract): `PUT /api/push/subscription` with `{ endpoint, keys: { p256dh, auth } }`.
 */
export type SubscriptionBody = { endpoint: string; keys: { p256dh: string; auth: string } };

/** The body for a subscription's JSON form (`PushSubscription.toJSON()`), or undefined without its keys. */
export function subscriptionBody(json: PushSubscriptionJSON): SubscriptionBody | undefined {
  const { endpoint, keys } = json;
  const p256dh = keys?.p256dh;
  const auth = keys?.auth;
  if (!endpoint || !p256dh || !auth) return undefined;
  return { endpoint, keys: { p256dh, auth } };
}

/** The request that hands the server a subscription (same origin, with the session's cookie). */
export function subscriptionRequest(body: SubscriptionBody): [string, RequestInit] {
  return [
    PUSH_SUBSCRIPTION_PATH,
    {
      method: "PUT",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    },
  ];
}
