import { type Context, Hono, type MiddlewareHandler } from "hono";
import { type Role, roleOf } from "#domain/user.ts";
import { AppError } from "#server/http/errors.ts";
import { noStore } from "#server/http/no-store.ts";
import type { Auth } from "./auth.ts";
import type { Revocations } from "./revocation.ts";

export type SessionUser = { id: string; role: Role; sessionId: string };
const sessionUsers = new WeakMap<Request, Promise<SessionUser | undefined>>();
const revocationsOf = new WeakMap<Auth, Revocations>();

/** Sessions of this auth are also checked against sessions ended on any instance (revocation.ts). */
export function checkRevocations(auth: Auth, revocations: Revocations): void {
  revocationsOf.set(auth, revocations);
}
/** Cookies Better Auth set while reading a request's session (a refreshed session cache). */
const sessionCookies = new WeakMap<Request, string[]>();

/**
 * The signed-in user (id and role), or undefined. Looked up once per request: the write limit and
 * the handler of the same request share the answer. Within SESSION_CACHE_SECONDS of its last check
 * a session is read from its signed cookie, without the database; after that Better Auth asks the
 * database and sets a fresh cookie, which `forwardSessionCookies` passes on to the browser.
 */
export function sessionUser(auth: Auth, c: Context): Promise<SessionUser | undefined> {
  let found = sessionUsers.get(c.req.raw);
  if (!found) {
    found = auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true }).then(({ headers, response }) => {
      const cookies = headers.getSetCookie();
      if (cookies.length > 0) sessionCookies.set(c.req.raw, cookies);
      if (!response) return undefined;
      // A session ended on any instance is refused even while its signed cookie still vouches for it.
      if (revocationsOf.get(auth)?.refuses(response.user.id, new Date(response.session.createdAt))) return undefined;
      return {
        id: response.user.id,
        role: roleOf((response.user as { role?: unknown }).role),
        sessionId: response.session.id,
      };
    });
    sessionUsers.set(c.req.raw, found);
  }
  return found;
}

/** Passes on the cookies Better Auth set while this request's session was read (app-wide, once). */
export function forwardSessionCookies(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    for (const cookie of sessionCookies.get(c.req.raw) ?? []) c.res.headers.append("Set-Cookie", cookie);
  };
}

/** The signed-in user's id, or undefined. */
export async function sessionUserId(auth: Auth, c: Context): Promise<string | undefined> {
  return (await sessionUser(auth, c))?.id;
}

/** The signed-in user's id, or a 401. */
export async function requireUserId(auth: Auth, c: Context): Promise<string> {
  const id = await sessionUserId(auth, c);
  if (!id) throw new AppError(401, "unauthenticated", "Please log in to continue.");
  return id;
}

/** The variables a router behind `requireUser` hands its handlers. */
export type SignedIn = { Variables: { userId: string } };

/**
 * A router's one check that a person is signed in: a visitor gets a 401 before any handler runs,
 * and every handler reads the signed-in user's id as `c.get("userId")`.
 */
export function requireUser(auth: Auth): MiddlewareHandler<SignedIn> {
  return async (c, next) => {
    c.set("userId", await requireUserId(auth, c));
    await next();
  };
}

const FOR_ROLE: Record<Role, string> = {
  customer: "This is for customers. Please sign in with a customer account.",
  mate: "This is for Mates professionals. Please sign in with the account your invitation set up.",
  operator: "This is for the Mates operations team.",
};

/**
 * The one check of a router that belongs to one role: a visitor gets a 401, anyone else a 403,
 * before any handler runs; handlers read `c.get("userId")`.
 */
export function requireRole(auth: Auth, role: Role): MiddlewareHandler<SignedIn> {
  return async (c, next) => {
    const user = await sessionUser(auth, c);
    if (!user) throw new AppError(401, "unauthenticated", "Please log in to continue.");
    if (user.role !== role) throw new AppError(403, "wrong_role", FOR_ROLE[role]);
    c.set("userId", user.id);
    await next();
  };
}

/** A router of one role's own data: never cached, and only that role gets past its first line. */
export function roleRouter(auth: Auth, role: Role) {
  return new Hono<SignedIn>().use(noStore).use(requireRole(auth, role));
}

/**
 * A router for one signed-in person's own data (cart, addresses, bookings, profile, live events):
 * never cached, a visitor gets the 401 here, and handlers read `c.get("userId")`.
 */
export function signedInRouter(auth: Auth) {
  return new Hono<SignedIn>().use(noStore).use(requireUser(auth));
}
