import { type Context, Hono, type MiddlewareHandler } from "hono";
import { AppError } from "#server/http/errors.ts";
import { noStore } from "#server/http/no-store.ts";
import type { Auth } from "./auth.ts";

const sessionUsers = new WeakMap<Request, Promise<string | undefined>>();

/**
 * The signed-in user's id, or undefined. Looked up once per request: the write limit and the
 * handler of the same request share the answer.
 */
export function sessionUserId(auth: Auth, c: Context): Promise<string | undefined> {
  let found = sessionUsers.get(c.req.raw);
  if (!found) {
    found = auth.api.getSession({ headers: c.req.raw.headers }).then((session) => session?.user.id);
    sessionUsers.set(c.req.raw, found);
  }
  return found;
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

/**
 * A router for one signed-in person's own data (cart, addresses, bookings, profile, live events):
 * never cached, a visitor gets the 401 here, and handlers read `c.get("userId")`.
 */
export function signedInRouter(auth: Auth) {
  return new Hono<SignedIn>().use(noStore).use(requireUser(auth));
}
