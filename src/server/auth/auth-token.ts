import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The `authToken` kept in localStorage (spec §3): a short-lived, signed statement "this browser had a
 * session for user <uid> until <exp>". The app uses it for routing decisions only; the server never
 * accepts it in place of the httpOnly session cookie.
 */
export const AUTH_TOKEN_TTL_SECONDS = 15 * 60;

type Payload = { sub: string; exp: number };

const encode = (value: string | Buffer) => Buffer.from(value).toString("base64url");

export function signAuthToken(secret: string, uid: string, nowMs = Date.now()): string {
  const payload: Payload = { sub: uid, exp: Math.floor(nowMs / 1000) + AUTH_TOKEN_TTL_SECONDS };
  const body = encode(JSON.stringify(payload));
  const signature = createHmac("sha256", `auth-token:${secret}`).update(body).digest("base64url");
  return `${body}.${signature}`;
}

export function verifyAuthToken(secret: string, token: string, nowMs = Date.now()): Payload | undefined {
  const [body, signature] = token.split(".");
  if (!body || !signature) return undefined;
  const expected = createHmac("sha256", `auth-token:${secret}`).update(body).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Payload;
    return payload.exp * 1000 > nowMs ? payload : undefined;
  } catch {
    return undefined;
  }
}
