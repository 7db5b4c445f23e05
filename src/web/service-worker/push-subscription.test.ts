import { describe, expect, it } from "vitest";
import { subscriptionBody, subscriptionRequest } from "./push-subscription.ts";

describe("a renewed push subscription, sent to the server", () => {
  const json = {
    endpoint: "https://push.example/send/abc",
    expirationTime: null,
    keys: { p256dh: "BPublicKey", auth: "secret" },
  };

  it("is PUT to /api/push/subscription as { endpoint, keys: { p256dh, auth } }, JSON, same origin", () => {
    const body = subscriptionBody(json);
    expect(body).toEqual({ endpoint: json.endpoint, keys: json.keys });
    const [url, init] = subscriptionRequest(body as NonNullable<typeof body>);
    expect(url).toBe("/api/push/subscription");
    expect(init).toMatchObject({
      method: "PUT",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
    });
    expect(JSON.parse(String(init.body))).toEqual({ endpoint: json.endpoint, keys: json.keys });
  });

  it("is not sent without its endpoint or keys", () => {
    expect(subscriptionBody({ ...json, endpoint: undefined })).toBeUndefined();
    expect(subscriptionBody({ ...json, keys: { p256dh: "BPublicKey" } })).toBeUndefined();
    expect(subscriptionBody({ endpoint: json.endpoint })).toBeUndefined();
  });
});
