import { type Context, Hono, type MiddlewareHandler } from "hono";
import { type Role, roleOf } from "#domain/user.ts";
import { AppError } from "#server/http/errors.ts";
import { noStore } from "#server/http/no-store.ts";
import type { Auth } from "./auth.ts";

export type SessionUser = { id: string; role: Role };
const sessionUsers = new WeakMap<Request, Promise<SessionUser | undefined>>();

/**
 * The signed-in user (id and role), or undefined. Looked up once per request: the write limit and
 * the handler of the same request share the answer.
 */
export function sessionUser(auth: Auth, c: Context): Promise<SessionUser | undefined> {
  let found = sessionUsers.get(c.req.raw);
  if (!found) {
    found = auth.api
      .getSession({ headers: c.req.raw.headers })
      .then((session) =>
        session ? { id: session.user.id, role: roleOf((session.user as { role?: unknown }).role) } : undefined,
      );
    sessionUsers.set(c.req.raw, found);
  }
  return found;
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
