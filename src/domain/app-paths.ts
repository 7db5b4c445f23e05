import { PAYMENT_ALIASES, type ServiceGroup } from "./constants.ts";

/**
 * Every path the web app answers (spec §2 and the mate app), as its router matches them: case
 * insensitive, a trailing slash ignored. The server answers index.html with 200 for these and 404
 * for anything else, and for a service path naming no service; `routes.test.ts` keeps this list and
 * the router's table the same.
 */
export const APP_PATHS = [
  "/",
  "/services",
  "/service/:serviceName",
  "/suboptions/:serviceName",
  "/cart",
  "/renova/:service",
  "/nearkart/:serviceTitle",
  "/about",
  "/book",
  "/book/address",
  "/booking/payment",
  "/mate-assigning",
  "/festivals",
  "/profile",
  "/invoice/:number",
  "/help",
  "/help/:id",
  "/reset-password",
  "/mate",
  "/mate/join",
  "/mate/jobs/:id",
  "/mate/availability",
  "/mate/earnings",
  "/mate/ratings",
  "/join",
  "/ops",
  "/ops/applications/:id",
  "/ops/cases",
  "/ops/cases/:id",
  "/ops/mates",
  "/ops/mates/:id",
  "/ops/bookings",
  "/ops/bookings/:id",
  "/ops/customers",
  "/ops/customers/:id",
  "/ops/reviews",
  "/ops/payouts",
  "/ops/commission",
  "/ops/translations",
  "/ops/translations/:id",
  "/ops/operators",
  "/ops/audit",
  "/ops/finance",
  ...new Set(PAYMENT_ALIASES.map((path) => path.toLowerCase())),
] as const;

/** Paths whose segment names a service: which group it must be in (undefined: any). */
const SERVICE_SEGMENT: Record<string, ServiceGroup | undefined> = {
  "/service/:serviceName": undefined,
  "/suboptions/:serviceName": undefined,
  "/renova/:service": "Renova",
  "/nearkart/:serviceTitle": "Nearkart",
};

export type AppPathMatch = { pattern: string; param?: string; serviceGroup?: ServiceGroup | "any" };

/** The app path a URL path is, with its one parameter, or undefined (the app shows "Page not found"). */
export function matchAppPath(pathname: string): AppPathMatch | undefined {
  const wanted = (pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname).toLowerCase().split("/");
  for (const pattern of APP_PATHS) {
    const parts = pattern.split("/");
    if (parts.length !== wanted.length) continue;
    let param: string | undefined;
    const fits = parts.every((part, i) => {
      const actual = wanted[i] ?? "";
      if (part.startsWith(":")) {
        param = pathname.split("/")[i];
        return actual.length > 0;
      }
      return part === actual;
    });
    if (!fits) continue;
    const isService = pattern in SERVICE_SEGMENT;
    return {
      pattern,
      ...(param !== undefined ? { param } : {}),
      ...(isService ? { serviceGroup: SERVICE_SEGMENT[pattern] ?? "any" } : {}),
    };
  }
  return undefined;
}
