import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { meResponseSchema } from "#domain/user.ts";
import { signUpCustomer } from "#testing/customers.ts";
import { signInAsMate, signInAsOperator } from "#testing/mates.ts";
import { noticeTestApp } from "#testing/notice-test-app.ts";
import { errorOf } from "#testing/requests.ts";
import { SEED_NOW } from "#testing/seeded-customer.ts";
import type { TestApp } from "#testing/test-app.ts";
import { pushSubscriptions } from "./schema.ts";

/**
 * Issue 19's API proofs of push subscriptions: they belong to the sign-in they were made in, each
 * person removes only their own, and visitors, another site and bad subscriptions are refused.
 */
const notices = noticeTestApp(() => SEED_NOW);
const { subscribe } = notices;
let t: TestApp;
beforeAll(() => {
  t = notices.t;
});

const send = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });

describe("web push", () => {
  it("keeps one subscription per sign-in, as the user record's fcmToken, and drops it at sign-out", async () => {
    const customer = await signUpCustomer(t, "Asha Rao");
    const me = async () => meResponseSchema.parse(await (await customer.request("/api/me")).json()).user;
    expect((await me()).fcmToken).toBe("");
    const first = await subscribe(customer);
    expect((await me()).fcmToken).toBe(first.endpoint);
    const second = await subscribe(customer);
    expect((await me()).fcmToken).toBe(second.endpoint);
    const mine = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, customer.id));
    expect(mine.map((row) => row.endpoint)).toEqual([second.endpoint]);
    // The same subscription given again (every visit does) keeps its row: notices on their way still go.
    expect((await customer.request("/api/push/subscription", send("PUT", second))).status).toBe(200);
    const again = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, customer.id));
    expect(again.map((row) => row.id)).toEqual(mine.map((row) => row.id));

    expect(
      (await customer.request("/api/push/subscription", send("DELETE", { endpoint: second.endpoint }))).status,
    ).toBe(200);
    expect((await me()).fcmToken).toBe("");
    await subscribe(customer);
    expect((await customer.request("/api/auth/sign-out", send("POST", {}))).status).toBe(200);
    expect(
      await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, customer.id)),
    ).toEqual([]);
  });

  it("lets each person remove only their own device, whatever their role", async () => {
    const owner = await signUpCustomer(t, "Kavya Nair");
    const device = await subscribe(owner);
    const operator = await signInAsOperator(t);
    const mate = await signInAsMate(t, "mate-005");
    const stranger = await signUpCustomer(t, "Arjun Das");
    for (const other of [stranger, mate, operator]) {
      const response = await other.request("/api/push/subscription", send("DELETE", { endpoint: device.endpoint }));
      expect(response.status).toBe(200);
      expect((await other.request("/api/notification-settings")).status).toBe(200);
    }
    const kept = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(kept.map((row) => row.userId)).toEqual([owner.id]);
    // Another person's settings are never theirs to change: each reads and writes only their own.
    await stranger.request("/api/notification-settings", send("PUT", { ratingPrompts: false }));
    expect(await (await owner.request("/api/notification-settings")).json()).toEqual({
      settings: { ratingPrompts: true },
    });
  });

  it("refuses visitors, another site and bad subscriptions with clear errors", async () => {
    const key = await t.request("/api/push/key");
    expect(key.status).toBe(200);
    expect(((await key.json()) as { publicKey: string }).publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const visitor = await t.request("/api/push/subscription", send("PUT", notices.pushService.subscribe()));
    expect(visitor.status).toBe(401);
    expect((await t.request("/api/notification-settings")).status).toBe(401);

    const customer = await signUpCustomer(t);
    const good = notices.pushService.subscribe();
    for (const [body, message] of [
      [{ ...good, endpoint: "http://push.example/1" }, "A push endpoint is an https URL."],
      [{ ...good, keys: { ...good.keys, auth: "!" } }, "auth is a base64url 16-byte secret."],
      [{ ...good, extra: 1 }, "extra"],
    ] as const) {
      const response = await customer.request("/api/push/subscription", send("PUT", body));
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toContain(message);
    }
    const elsewhere = await customer.request("/api/push/subscription", {
      ...send("PUT", good),
      headers: { origin: "https://evil.example" },
    });
    expect(elsewhere.status).toBe(403);
    const settings = await customer.request("/api/notification-settings", send("PUT", { ratingPrompts: "no" }));
    expect(settings.status).toBe(400);
  });
});
