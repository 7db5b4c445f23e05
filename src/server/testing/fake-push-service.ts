import { createECDH, createPublicKey, type ECDH, type KeyObject, randomBytes, verify } from "node:crypto";
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
import { Agent, createServer } from "node:https";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { generate } from "selfsigned";

/**
 * A local stand-in for the browsers' push services (FCM, Mozilla autopush, Apple's) that speaks
 * the real protocol, so the server's sender is tested against what production will answer rather
 * than against a mock of its own library: HTTPS with a certificate the test trusts through
 * `agent`, `POST /push/<id>` per RFC 8030, VAPID per RFC 8292 (an ES256 JWT for this origin,
 * signed by the key in `k=`), and bodies encrypted per RFC 8291 (aes128gcm), which it decrypts
 * with the subscription's private key as the browser would. Its refusals carry the statuses a
 * sender must handle: 404 and 410 mean "forget this subscription", 401/403 a VAPID mistake,
 * 400/413/415 a malformed push.
 */
export type PushSubscriptionJSON = { endpoint: string; keys: { p256dh: string; auth: string } };

export type ReceivedPush = {
  endpoint: string;
  /** The decrypted payload as text (RFC 8291 aes128gcm), "" for a push without a body. */
  text: string;
  /** From the TTL header: seconds the service would keep the message for an offline browser. */
  ttl: number;
  /** The Urgency header (RFC 8030 §5.3), when sent. */
  urgency: string | undefined;
  /** The Topic header (RFC 8030 §5.4), when sent: a later push with the same topic replaces this one. */
  topic: string | undefined;
  /** The VAPID "sub" claim of the JWT that authorised the push (e.g. "mailto:ops@mates.in"). */
  subject: string;
  /** The VAPID public key (k=) that signed it, base64url. */
  publicKey: string;
};

export type FakePushService = {
  /** https://127.0.0.1:<port> */
  origin: string;
  /** The self-signed certificate authority's PEM, to trust the service. */
  ca: string;
  /** An https.Agent that trusts the service (pass to web-push's sendNotification as `agent`). */
  agent: Agent;
  /** A new browser-side subscription: fresh P-256 key pair and 16-byte auth secret, endpoint https://127.0.0.1:<port>/push/<random id>. The service keeps the private key to decrypt. */
  subscribe(): PushSubscriptionJSON;
  /** Everything delivered so far (optionally for one endpoint), oldest first. */
  received(endpoint?: string): ReceivedPush[];
  /** Waits until `count` pushes have arrived for the endpoint (default 1), or rejects after timeoutMs (default 5000). Resolves with all the endpoint's pushes so far, oldest first. */
  waitFor(endpoint: string, count?: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  /** From now on the endpoint answers 410 Gone (the browser unsubscribed). */
  expire(endpoint: string): void;
  /** Pushes refused so far, with their status (401/403 bad VAPID, 404 unknown endpoint, 410 gone, 400 bad body). */
  refused(): { endpoint: string; status: number; reason: string }[];
  close(): Promise<void>;
};

/** RFC 8030 §7.2: a push service must accept at least 4096 octets of body, and the big ones refuse more. */
const BODY_LIMIT = 4096;
/** RFC 8292 §2: the JWT's exp may be at most 24 hours ahead. */
const MAX_EXP_AHEAD_SECONDS = 24 * 60 * 60;
const URGENCIES = new Set(["very-low", "low", "normal", "high"]);
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** RFC 8291 §4: salt (16) + rs (4) + idlen (1), then the sender's 65-byte public key as keyid. */
const AES128GCM_HEADER = 21;
const P256_PUBLIC_KEY = 65;

/**
 * http_ece ships no types; only `decrypt` is used, with the parameters ece.js reads for
 * aes128gcm: the receiver's ECDH key pair and the auth secret (the sender's key and the salt
 * come from the body's own header, so `dh` and `salt` are not passed).
 */
type HttpEce = {
  decrypt(buffer: Buffer, params: { version: "aes128gcm"; privateKey: ECDH; authSecret: string }): Buffer;
};
const ece = createRequire(import.meta.url)("http_ece") as HttpEce;

type Subscription = { ecdh: ECDH; auth: string; expired: boolean };
type Refusal = { endpoint: string; status: number; reason: string };
type Waiter = { check(): void; fail(error: Error): void };
type VapidResult = { subject: string; publicKey: string } | { status: 401 | 403; reason: string };

export async function startFakePushService(): Promise<FakePushService> {
  const { ca, key, cert } = await makeCertificate();
  const subscriptions = new Map<string, Subscription>();
  const pushes: ReceivedPush[] = [];
  const refusals: Refusal[] = [];
  const waiters = new Set<Waiter>();

  const server = createServer({ key, cert }, (request, response) => {
    void handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) answer(response, 500, String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `https://127.0.0.1:${port}`;
  /** `ca` replaces the default roots for this agent's connections, so it trusts this service only. */
  const agent = new Agent({ ca, keepAlive: true });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = new URL(request.url ?? "/", origin).pathname;
    const endpoint = `${origin}${path}`;
    const refuse = (status: number, reason: string, headers: Record<string, string> = {}) => {
      refusals.push({ endpoint, status, reason });
      // Drain what the sender is still writing, so it reads the answer rather than a reset.
      request.resume();
      answer(response, status, reason, headers);
    };

    if (!/^\/push\/[A-Za-z0-9_-]+$/.test(path)) return refuse(404, "no such push resource");
    if (request.method !== "POST") return refuse(405, "a push is a POST", { allow: "POST" });
    const subscription = subscriptions.get(endpoint);
    if (!subscription) return refuse(404, "no such subscription");
    if (subscription.expired) return refuse(410, "the subscription has expired (the browser unsubscribed)");

    const vapid = checkVapid(request.headers.authorization, origin);
    if ("status" in vapid) return refuse(vapid.status, vapid.reason);

    const ttlHeader = request.headers.ttl;
    if (typeof ttlHeader !== "string" || !/^\d+$/.test(ttlHeader.trim())) {
      return refuse(400, "a TTL header (seconds, a non-negative integer) is required");
    }
    const ttl = Number(ttlHeader.trim());
    const urgency = header(request, "urgency");
    if (urgency !== undefined && !URGENCIES.has(urgency)) {
      return refuse(400, `Urgency must be very-low, low, normal or high, not ${urgency}`);
    }
    const topic = header(request, "topic");
    if (topic !== undefined && !(BASE64URL.test(topic) && topic.length <= 32)) {
      return refuse(400, "Topic must be at most 32 characters of the URL-safe base64 alphabet");
    }

    if (Number(request.headers["content-length"] ?? 0) > BODY_LIMIT) {
      return refuse(413, `the body is over ${BODY_LIMIT} bytes`);
    }
    const body = await readBody(request);
    if (body === "too large") return refuse(413, `the body is over ${BODY_LIMIT} bytes`);

    let text = "";
    if (body.length > 0) {
      const encoding = header(request, "content-encoding")?.toLowerCase();
      if (encoding !== "aes128gcm") {
        return refuse(415, `Content-Encoding must be aes128gcm (RFC 8291), not ${encoding ?? "absent"}`);
      }
      if (body.length < AES128GCM_HEADER || body[AES128GCM_HEADER - 1] !== P256_PUBLIC_KEY) {
        return refuse(400, "the aes128gcm header must carry the sender's 65-byte P-256 public key as keyid");
      }
      try {
        text = ece
          .decrypt(body, { version: "aes128gcm", privateKey: subscription.ecdh, authSecret: subscription.auth })
          .toString("utf8");
      } catch (error) {
        return refuse(400, `the body does not decrypt with the subscription's keys: ${String(error)}`);
      }
    }

    pushes.push({ endpoint, text, ttl, urgency, topic, subject: vapid.subject, publicKey: vapid.publicKey });
    for (const waiter of [...waiters]) waiter.check();
    response.writeHead(201, { location: `${origin}/message/${randomId()}`, ttl: String(ttl) });
    response.end();
  }

  function received(endpoint?: string): ReceivedPush[] {
    return pushes.filter((push) => endpoint === undefined || push.endpoint === endpoint);
  }

  let closing: Promise<void> | undefined;

  return {
    origin,
    ca,
    agent,
    subscribe() {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16).toString("base64url");
      const endpoint = `${origin}/push/${randomId()}`;
      subscriptions.set(endpoint, { ecdh, auth, expired: false });
      return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth } };
    },
    received,
    waitFor(endpoint, count = 1, timeoutMs = 5000) {
      return new Promise<ReceivedPush[]>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const got = received(endpoint).length;
          reject(new Error(`expected ${count} push(es) to ${endpoint} within ${timeoutMs} ms, got ${got}`));
        }, timeoutMs);
        const waiter: Waiter = {
          check() {
            const found = received(endpoint);
            if (found.length < count) return;
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve(found);
          },
          fail(error) {
            clearTimeout(timer);
            waiters.delete(waiter);
            reject(error);
          },
        };
        waiters.add(waiter);
        waiter.check();
      });
    },
    expire(endpoint) {
      const subscription = subscriptions.get(endpoint);
      if (!subscription) throw new Error(`no subscription ${endpoint} to expire`);
      subscription.expired = true;
    },
    refused: () => refusals.map((refusal) => ({ ...refusal })),
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        for (const waiter of [...waiters]) waiter.fail(new Error("the fake push service was closed"));
        agent.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/**
 * RFC 8292 §3-4: `Authorization: vapid t=<JWT>, k=<public key>`. A missing or unreadable
 * header is 401; a token that reads but is not valid for this service (signature, audience,
 * expiry, subject) is 403, as FCM and autopush answer.
 */
function checkVapid(authorization: string | undefined, origin: string): VapidResult {
  if (!authorization) return { status: 401, reason: "no Authorization header (vapid t=<JWT>, k=<key>)" };
  const scheme = /^vapid\s+(.+)$/is.exec(authorization.trim());
  if (!scheme?.[1]) return { status: 401, reason: "the Authorization scheme is not vapid (RFC 8292)" };
  const params = new Map<string, string>();
  for (const part of scheme[1].split(",")) {
    const equals = part.indexOf("=");
    if (equals > 0) params.set(part.slice(0, equals).trim().toLowerCase(), part.slice(equals + 1).trim());
  }
  const token = params.get("t");
  const k = params.get("k")?.replace(/=+$/, "");
  if (!token || !k) return { status: 401, reason: "vapid needs both t= and k=" };

  const raw = BASE64URL.test(k) ? Buffer.from(k, "base64url") : Buffer.alloc(0);
  if (raw.length !== P256_PUBLIC_KEY || raw[0] !== 4) {
    return { status: 401, reason: "k= is not an uncompressed P-256 public key (65 bytes, base64url)" };
  }
  let key: KeyObject;
  try {
    const x = raw.subarray(1, 33).toString("base64url");
    const y = raw.subarray(33).toString("base64url");
    key = createPublicKey({ key: { kty: "EC", crv: "P-256", x, y }, format: "jwk" });
  } catch {
    return { status: 401, reason: "k= is not a point on P-256" };
  }

  const parts = token.split(".");
  const [encodedHeader, encodedClaims, encodedSignature] = parts;
  if (parts.length !== 3 || !encodedHeader || !encodedClaims || !encodedSignature || !parts.every(isBase64url)) {
    return { status: 401, reason: "t= is not a compact JWT" };
  }
  const jwtHeader = parseJsonObject(encodedHeader);
  const claims = parseJsonObject(encodedClaims);
  if (!jwtHeader || !claims) return { status: 401, reason: "the JWT's header or claims are not JSON objects" };
  if (jwtHeader.alg !== "ES256") return { status: 401, reason: `the JWT's alg is ${String(jwtHeader.alg)}, not ES256` };

  // JWS ES256 signs with the raw r||s form (RFC 7518 §3.4), not the DER that node:crypto defaults to.
  const signature = Buffer.from(encodedSignature, "base64url");
  if (signature.length !== 64) return { status: 403, reason: "the JWT's signature is not 64 bytes of r||s" };
  const signed = Buffer.from(`${encodedHeader}.${encodedClaims}`);
  if (!verify("sha256", signed, { key, dsaEncoding: "ieee-p1363" }, signature)) {
    return { status: 403, reason: "the JWT's signature does not verify with k=" };
  }

  if (claims.aud !== origin) return { status: 403, reason: `the JWT's aud is ${String(claims.aud)}, not ${origin}` };
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== "number" || !Number.isFinite(claims.exp)) {
    return { status: 403, reason: "the JWT has no numeric exp" };
  }
  if (claims.exp <= now) return { status: 403, reason: "the JWT has expired" };
  if (claims.exp > now + MAX_EXP_AHEAD_SECONDS) {
    return { status: 403, reason: "the JWT's exp is more than 24 hours ahead" };
  }
  const subject = claims.sub;
  if (typeof subject !== "string" || !/^(mailto|https):/i.test(subject) || !URL.canParse(subject)) {
    return { status: 403, reason: `the JWT's sub must be a mailto: or https: URL, not ${String(subject)}` };
  }
  return { subject, publicKey: k };
}

/**
 * One self-signed certificate, its own authority, for the names a sender may dial: IP
 * 127.0.0.1 (the endpoints) and localhost. EC keys because RSA generation would cost each test
 * file a noticeable moment; SHA-256 because OpenSSL 3 refuses selfsigned's default SHA-1.
 */
async function makeCertificate() {
  const now = Date.now();
  const pems = await generate([{ name: "commonName", value: "Mates fake push service" }], {
    keyType: "ec",
    curve: "P-256",
    algorithm: "sha256",
    notBeforeDate: new Date(now - 60_000),
    notAfterDate: new Date(now + 24 * 60 * 60 * 1000),
    extensions: [
      { name: "basicConstraints", cA: true, critical: true },
      { name: "keyUsage", digitalSignature: true, keyCertSign: true, critical: true },
      { name: "extKeyUsage", serverAuth: true },
      {
        name: "subjectAltName",
        altNames: [
          { type: 7, ip: "127.0.0.1" },
          { type: 2, value: "localhost" },
        ],
      },
    ],
  });
  return { ca: pems.cert, key: pems.private, cert: pems.cert };
}

function answer(response: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
  // The error shape autopush uses; FCM's differs, and senders should read only the status.
  const body = JSON.stringify({ code: status, error: STATUS_CODES[status], message });
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(body);
}

/** The body, or "too large" past BODY_LIMIT (still read to the end, so the answer is read). */
async function readBody(request: IncomingMessage): Promise<Buffer | "too large"> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size <= BODY_LIMIT) chunks.push(chunk as Buffer);
  }
  return size > BODY_LIMIT ? "too large" : Buffer.concat(chunks);
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === "string" ? value.trim() : undefined;
}

function parseJsonObject(encoded: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8"));
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const isBase64url = (part: string) => BASE64URL.test(part);
const randomId = () => randomBytes(16).toString("base64url");
