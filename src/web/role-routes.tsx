import type { RouteObject } from "react-router";
import type { LayoutHandle } from "#web/pages/app-layout.tsx";

/**
 * The routes of the mate app (issue 14) and the operator console (issue 16). routes.tsx adds them
 * under the root route when a path under /mate or /ops is first opened (decision 045), so that a
 * customer's start-up neither carries nor ranks them. Their pages are chunks of their own, loaded
 * only when someone opens them, never prefetched for customers (NOT_PREFETCHED in vite.config.ts)
 * and never in the home page's payload.
 */
const matePage = (name: keyof typeof import("#web/pages/mate/mate-pages.tsx")) => () =>
  import("#web/pages/mate/mate-pages.tsx").then((m) => ({ Component: m[name] }));
/** Both areas draw their own frame (pages/role-shell.tsx) in place of the customers' header (decision 050). */
const ownFrame: LayoutHandle = { ownFrame: true };

const opsPage = (name: keyof typeof import("#web/pages/ops/ops-pages.tsx")) => () =>
  import("#web/pages/ops/ops-pages.tsx").then((m) => ({ Component: m[name] }));

export const roleRoutes = {
  mate: {
    path: "mate",
    handle: ownFrame,
    children: [
      // An SMS invitation's page (issue 41): for a mate not signed in yet, outside the app's gate.
      {
        path: "join",
        lazy: () => import("#web/pages/mate/mate-join-page.tsx").then((m) => ({ Component: m.MateJoinPage })),
      },
      {
        lazy: () => import("#web/pages/mate/mate-layout.tsx").then((m) => ({ Component: m.MateLayout })),
        children: [
          { index: true, lazy: matePage("MateJobsPage") },
          { path: "jobs/:id", lazy: matePage("MateJobPage") },
          { path: "availability", lazy: matePage("MateAvailabilityPage") },
          { path: "earnings", lazy: matePage("MateEarningsPage") },
          { path: "ratings", lazy: matePage("MateRatingsPage") },
        ],
      },
    ],
  },
  ops: {
    path: "ops",
    handle: ownFrame,
    lazy: () => import("#web/pages/ops/ops-layout.tsx").then((m) => ({ Component: m.OpsLayout })),
    children: [
      { index: true, lazy: opsPage("OpsApplicationsPage") },
      { path: "applications/:id", lazy: opsPage("OpsApplicationPage") },
      { path: "cases", lazy: opsPage("OpsCasesPage") },
      { path: "cases/:id", lazy: opsPage("OpsCasePage") },
      { path: "mates", lazy: opsPage("OpsMatesPage") },
      { path: "mates/:id", lazy: opsPage("OpsMatePage") },
      { path: "bookings", lazy: opsPage("OpsBookingsPage") },
      { path: "bookings/:id", lazy: opsPage("OpsBookingPage") },
      { path: "customers", lazy: opsPage("OpsCustomersPage") },
      { path: "customers/:id", lazy: opsPage("OpsCustomerPage") },
      { path: "reviews", lazy: opsPage("OpsReviewsPage") },
      { path: "payouts", lazy: opsPage("OpsPayoutsPage") },
      { path: "commission", lazy: opsPage("OpsCommissionPage") },
      { path: "translations", lazy: opsPage("OpsTranslationsPage") },
      { path: "translations/:id", lazy: opsPage("OpsTranslationPage") },
      { path: "operators", lazy: opsPage("OpsOperatorsPage") },
      { path: "audit", lazy: opsPage("OpsAuditPage") },
      { path: "finance", lazy: opsPage("OpsFinancePage") },
    ],
  },
} satisfies Record<"mate" | "ops", RouteObject>;
