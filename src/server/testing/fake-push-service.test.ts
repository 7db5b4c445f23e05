import { createPrivateKey, sign } from "node:crypto";
import { request } from "node:https";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import { type FakePushService, startFakePushService } from "./fake-push-service.ts";

/**
 * The stand-in is proved with the real sender library, so what passes here is what FCM or
 * autopush would accept; the refusals web-push cannot be made to commit (a wrong audience, a
 * stale token) are crafted by hand with a JWT signed here.
 */
const subject = "mailto:ops@mates.in";
const vapid = webpush.generateVAPIDKeys();
const vapidDetails = { subject, ...vapid };

let service: FakePushService;
beforeAll(async () => {
  service = await startFakePushService();
});
afterAll(async () => {
  await service.close();
});

type Keys = { publicKey: string; privateKey: string };

/** An RFC 8292 Authorization header signed with node:crypto, with whatever claims a case needs. */
function vapidAuthorization(claims: Record<string, unknown>, keys: Keys = vapid, alg = "ES256"): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const signingInput = `${encode({ typ: "JWT", alg })}.${encode(claims)}`;
  const publicKey = Buffer.from(keys.publicKey, "base64url");
  const key = createPrivateKey({
    key: {
      kty: "EC",
      crv: "P-256",
      d: keys.privateKey,
      x: publicKey.subarray(1, 33).toString("base64url"),
      y: publicKey.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const signature = sign("sha256", Buffer.from(signingInput), { key, dsaEncoding: "ieee-p1363" });
  return `vapid t=${signingInput}.${signature.toString("base64url")}, k=${keys.publicKey}`;
}

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

/** A raw POST through the service's agent, for pushes web-push would not send. */
function post(url: string, headers: Record<string, string | number>, body?: Buffer) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const outgoing = request(url, { method: "POST", headers, agent: service.agent }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** What web-push sends for this push: its headers and encrypted body, to alter one thing. */
function pushRequest(endpoint: string, keys: { p256dh: string; auth: string }, payload: string) {
  const details = webpush.generateRequestDetails({ endpoint, keys }, payload, { vapidDetails, TTL: 60 });
  return { headers: { ...details.headers }, body: details.body ?? undefined };
}

describe("the fake push service", () => {
  it("decrypts a JSON payload sent by web-push and keeps its headers and VAPID identity", async () => {
    const subscription = service.subscribe();
    expect(subscription.endpoint).toMatch(new RegExp(`^${service.origin}/push/[A-Za-z0-9_-]+$`));
    expect(Buffer.from(subscription.keys.p256dh, "base64url")).toHaveLength(65);
    expect(Buffer.from(subscription.keys.auth, "base64url")).toHaveLength(16);
    const payload = { title: "Your mate is on the way", bookingId: "bk_42", body: "Ravi arrives by 10:30 · ₹499" };

    const result = await webpush.sendNotification(subscription, JSON.stringify(payload), {
      vapidDetails,
      TTL: 3600,
      urgency: "high",
      topic: "booking-bk42",
      agent: service.agent,
    });

    expect(result.statusCode).toBe(201);
    expect(result.headers.location).toMatch(new RegExp(`^${service.origin}/message/`));
    const [push] = await service.waitFor(subscription.endpoint);
    expect(push).toEqual({
      endpoint: subscription.endpoint,
      text: JSON.stringify(payload),
      ttl: 3600,
      urgency: "high",
      topic: "booking-bk42",
      subject,
      publicKey: vapid.publicKey,
    });
    expect(JSON.parse(push?.text ?? "")).toEqual(payload);
  });

  it("takes a push without a body, with web-push's default TTL and urgency", async () => {
    const subscription = service.subscribe();
    await webpush.sendNotification(subscription, null, { vapidDetails, agent: service.agent });
    expect(service.received(subscription.endpoint)).toEqual([
      expect.objectContaining({ text: "", ttl: 2419200, urgency: "normal", topic: undefined }),
    ]);
  });

  it("answers 410 Gone for an expired subscription and 404 for an unknown one", async () => {
    const subscription = service.subscribe();
    service.expire(subscription.endpoint);
    const gone = webpush.sendNotification(subscription, "hello", { vapidDetails, TTL: 60, agent: service.agent });
    await expect(gone).rejects.toBeInstanceOf(webpush.WebPushError);
    await expect(gone).rejects.toMatchObject({ statusCode: 410, endpoint: subscription.endpoint });

    const unknown = { ...service.subscribe(), endpoint: `${service.origin}/push/never-subscribed` };
    await expect(
      webpush.sendNotification(unknown, "hello", { vapidDetails, TTL: 60, agent: service.agent }),
    ).rejects.toMatchObject({ statusCode: 404 });

    expect(service.refused()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ endpoint: subscription.endpoint, status: 410 }),
        expect.objectContaining({ endpoint: unknown.endpoint, status: 404 }),
      ]),
    );
    expect(service.received(subscription.endpoint)).toEqual([]);
  });

  it("refuses 403 a JWT signed by another key pair than the k= it claims", async () => {
    const subscription = service.subscribe();
    const other = webpush.generateVAPIDKeys();
    const forged = { subject, publicKey: vapid.publicKey, privateKey: other.privateKey };
    await expect(
      webpush.sendNotification(subscription, "hello", { vapidDetails: forged, TTL: 60, agent: service.agent }),
    ).rejects.toMatchObject({ statusCode: 403 });
    expect(service.refused().at(-1)).toEqual({
      endpoint: subscription.endpoint,
      status: 403,
      reason: expect.stringMatching(/signature does not verify/),
    });
    expect(service.received(subscription.endpoint)).toEqual([]);
  });

  it("accepts a hand-made VAPID token, so the refusals below are about their one flaw", async () => {
    const subscription = service.subscribe();
    const authorization = vapidAuthorization({ aud: service.origin, exp: inAnHour(), sub: "https://mates.in/ops" });
    expect((await post(subscription.endpoint, { authorization, ttl: 0 })).status).toBe(201);
    expect(service.received(subscription.endpoint)).toEqual([
      expect.objectContaining({ text: "", ttl: 0, subject: "https://mates.in/ops", publicKey: vapid.publicKey }),
    ]);
  });

  const now = () => Math.floor(Date.now() / 1000);
  it.each([
    ["the audience is another push service", () => ({ aud: "https://fcm.googleapis.com", exp: inAnHour() }), /aud/],
    ["the audience has no port", () => ({ aud: "https://127.0.0.1", exp: inAnHour() }), /aud/],
    ["the token has expired", () => ({ aud: service.origin, exp: now() - 1 }), /expired/],
    ["exp is over 24 hours ahead", () => ({ aud: service.origin, exp: now() + 25 * 3600 }), /24 hours/],
    ["there is no exp", () => ({ aud: service.origin }), /exp/],
    ["sub is a bare address", () => ({ aud: service.origin, exp: inAnHour(), sub: "ops@mates.in" }), /sub/],
    ["sub is an http: URL", () => ({ aud: service.origin, exp: inAnHour(), sub: "http://mates.in" }), /sub/],
  ])("refuses 403 a push when %s", async (_case, claims, reason) => {
    const subscription = service.subscribe();
    const authorization = vapidAuthorization({ sub: subject, ...claims() });
    const answer = await post(subscription.endpoint, { authorization, ttl: 60 });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 403, error: "Forbidden" });
    expect(service.refused().at(-1)).toEqual({
      endpoint: subscription.endpoint,
      status: 403,
      reason: expect.stringMatching(reason),
    });
  });

  it("refuses 401 a push without a readable VAPID authorization", async () => {
    const { endpoint } = service.subscribe();
    const claims = { aud: service.origin, exp: inAnHour(), sub: subject };
    const token = vapidAuthorization(claims).slice("vapid t=".length).split(",")[0] ?? "";
    const cases: [Record<string, string | number>, RegExp][] = [
      [{ ttl: 60 }, /no Authorization/],
      [{ ttl: 60, authorization: `WebPush ${token}` }, /not vapid/],
      [{ ttl: 60, authorization: `vapid t=${token}` }, /both t= and k=/],
      [{ ttl: 60, authorization: `vapid t=${token}, k=${vapid.publicKey.slice(4)}` }, /uncompressed P-256/],
      [{ ttl: 60, authorization: `vapid t=${token.split(".").slice(0, 2).join(".")}, k=${vapid.publicKey}` }, /JWT/],
      [{ ttl: 60, authorization: vapidAuthorization(claims, vapid, "HS256") }, /not ES256/],
    ];
    for (const [headers, reason] of cases) {
      expect((await post(endpoint, headers)).status).toBe(401);
      expect(service.refused().at(-1)?.reason).toMatch(reason);
    }
  });

  it("refuses a missing TTL (400), another encoding (415), a body over 4096 bytes (413) and a tampered one (400)", async () => {
    const subscription = service.subscribe();
    const { endpoint, keys } = subscription;

    const noTtl = pushRequest(endpoint, keys, "hello");
    delete noTtl.headers.TTL;
    expect((await post(endpoint, noTtl.headers, noTtl.body)).status).toBe(400);

    const aesgcm = pushRequest(endpoint, keys, "hello");
    aesgcm.headers["Content-Encoding"] = "aesgcm";
    expect((await post(endpoint, aesgcm.headers, aesgcm.body)).status).toBe(415);

    const tampered = pushRequest(endpoint, keys, "hello");
    const body = Buffer.from(tampered.body ?? []);
    body[body.length - 1] = (body.at(-1) ?? 0) ^ 1;
    expect((await post(endpoint, tampered.headers, body)).status).toBe(400);

    await expect(
      webpush.sendNotification(subscription, "x".repeat(4000), { vapidDetails, TTL: 60, agent: service.agent }),
    ).rejects.toMatchObject({ statusCode: 413 });

    expect(service.refused().slice(-4)).toEqual([
      { endpoint, status: 400, reason: expect.stringMatching(/TTL/) },
      { endpoint, status: 415, reason: expect.stringMatching(/aes128gcm/) },
      { endpoint, status: 400, reason: expect.stringMatching(/decrypt/) },
      { endpoint, status: 413, reason: expect.stringMatching(/4096/) },
    ]);
    expect(service.received(endpoint)).toEqual([]);
  });

  it("waitFor resolves once the count has arrived, and times out otherwise", async () => {
    const subscription = service.subscribe();
    const waiting = service.waitFor(subscription.endpoint, 2, 2000);
    for (const text of ["first", "second"]) {
      await webpush.sendNotification(subscription, text, { vapidDetails, TTL: 60, agent: service.agent });
    }
    expect((await waiting).map((push) => push.text)).toEqual(["first", "second"]);
    expect(service.received().map((push) => push.endpoint)).toContain(subscription.endpoint);

    await expect(service.waitFor(subscription.endpoint, 3, 50)).rejects.toThrow(/within 50 ms, got 2/);
    await expect(service.waitFor(service.subscribe().endpoint, 1, 50)).rejects.toThrow(/got 0/);
  });
});
