import { createBrowserRouter, Navigate, type RouteObject, useLocation } from "react-router";
import { PAYMENT_ALIASES } from "#domain/constants.ts";
import { AppLayout, type LayoutHandle } from "#web/pages/app-layout.tsx";
import { RootErrorPage } from "#web/pages/root-error-page.tsx";
import { AppLoading } from "#web/shell/app-loading.tsx";

/**
 * Spec §2 routes. Every page is its own chunk (`lazy`); index.html has the browser fetch them all
 * during the splash (vite.config.ts), so no navigation waits for the network afterwards.
 */
const pages = {
  home: () => import("#web/pages/home/home-page.tsx").then((m) => ({ Component: m.HomePage })),
  service: () => import("#web/pages/service-page.tsx").then((m) => ({ Component: m.ServicePage })),
  cart: () => import("#web/pages/cart-page.tsx").then((m) => ({ Component: m.CartPage })),
  renova: () => import("#web/pages/renova-page.tsx").then((m) => ({ Component: m.RenovaPage })),
  nearkart: () => import("#web/pages/nearkart-page.tsx").then((m) => ({ Component: m.NearkartPage })),
  about: () => import("#web/pages/about-page.tsx").then((m) => ({ Component: m.AboutPage })),
  bookAddress: () => import("#web/pages/book-address-page.tsx").then((m) => ({ Component: m.BookAddressPage })),
  bookingPayment: () =>
    import("#web/pages/booking-payment-page.tsx").then((m) => ({ Component: m.BookingPaymentPage })),
  mateAssigning: () => import("#web/pages/mate-assigning-page.tsx").then((m) => ({ Component: m.MateAssigningPage })),
  festivals: () => import("#web/pages/festivals-page.tsx").then((m) => ({ Component: m.FestivalsPage })),
  profile: () => import("#web/pages/profile-page.tsx").then((m) => ({ Component: m.ProfilePage })),
  resetPassword: () => import("#web/pages/reset-password-page.tsx").then((m) => ({ Component: m.ResetPasswordPage })),
  notFound: () => import("#web/pages/not-found-page.tsx").then((m) => ({ Component: m.NotFoundPage })),
  join: () => import("#web/pages/join-page.tsx").then((m) => ({ Component: m.JoinPage })),
  invoice: () => import("#web/pages/invoice-page.tsx").then((m) => ({ Component: m.InvoicePage })),
};

/**
 * The mate app (issue 14): its own chunks, loaded only when someone opens /mate, never prefetched
 * for customers (NOT_PREFETCHED in vite.config.ts) and never in the home page's payload.
 */
const mateApp = {
  layout: () => import("#web/pages/mate/mate-layout.tsx").then((m) => ({ Component: m.MateLayout })),
  page: (name: keyof typeof import("#web/pages/mate/mate-pages.tsx")) => () =>
    import("#web/pages/mate/mate-pages.tsx").then((m) => ({ Component: m[name] })),
};

/**
 * The operator console (issue 16): like the mate app, its own chunks, loaded only at /ops and never
 * prefetched for customers (NOT_PREFETCHED in vite.config.ts).
 */
const opsConsole = {
  layout: () => import("#web/pages/ops/ops-layout.tsx").then((m) => ({ Component: m.OpsLayout })),
  page: (name: keyof typeof import("#web/pages/ops/ops-pages.tsx")) => () =>
    import("#web/pages/ops/ops-pages.tsx").then((m) => ({ Component: m[name] })),
};

const withFooter: LayoutHandle = { footer: true };

/** Spec §2: /payment, /Payment and /checkout redirect to /booking/payment (keeping any query). */
function PaymentRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/booking/payment${search}`} replace />;
}

/** Paths match case-insensitively, so /payment also serves /Payment: one route per spelling. */
const paymentAliases: RouteObject[] = [...new Set(PAYMENT_ALIASES.map((path) => path.toLowerCase()))].map((path) => ({
  path,
  Component: PaymentRedirect,
}));

export const routes: RouteObject[] = [
  {
    path: "/",
    Component: AppLayout,
    HydrateFallback: AppLoading,
    ErrorBoundary: RootErrorPage,
    children: [
      { index: true, lazy: pages.home, handle: withFooter },
      { path: "services", lazy: pages.home, handle: withFooter },
      { path: "service/:serviceName", lazy: pages.service },
      { path: "suboptions/:serviceName", lazy: pages.service },
      { path: "cart", lazy: pages.cart },
      { path: "renova/:service", lazy: pages.renova },
      { path: "nearkart/:serviceTitle", lazy: pages.nearkart },
      { path: "about", lazy: pages.about },
      // /book is one of the spec's remembered booking paths; it is the start of booking: the address.
      { path: "book", lazy: pages.bookAddress },
      { path: "book/address", lazy: pages.bookAddress },
      { path: "booking/payment", lazy: pages.bookingPayment },
      { path: "mate-assigning", lazy: pages.mateAssigning },
      { path: "festivals", lazy: pages.festivals },
      { path: "profile", lazy: pages.profile },
      { path: "invoice/:number", lazy: pages.invoice },
      // The password reset mail links here (src/server/auth/auth.ts).
      { path: "reset-password", lazy: pages.resetPassword },
      {
        path: "mate",
        lazy: mateApp.layout,
        children: [
          { index: true, lazy: mateApp.page("MateJobsPage") },
          { path: "jobs/:id", lazy: mateApp.page("MateJobPage") },
          { path: "availability", lazy: mateApp.page("MateAvailabilityPage") },
          { path: "earnings", lazy: mateApp.page("MateEarningsPage") },
          { path: "ratings", lazy: mateApp.page("MateRatingsPage") },
        ],
      },
      { path: "join", lazy: pages.join },
      {
        path: "ops",
        lazy: opsConsole.layout,
        children: [
          { index: true, lazy: opsConsole.page("OpsApplicationsPage") },
          { path: "applications/:id", lazy: opsConsole.page("OpsApplicationPage") },
          { path: "mates", lazy: opsConsole.page("OpsMatesPage") },
          { path: "mates/:id", lazy: opsConsole.page("OpsMatePage") },
          { path: "bookings", lazy: opsConsole.page("OpsBookingsPage") },
          { path: "bookings/:id", lazy: opsConsole.page("OpsBookingPage") },
          { path: "customers", lazy: opsConsole.page("OpsCustomersPage") },
          { path: "customers/:id", lazy: opsConsole.page("OpsCustomerPage") },
          { path: "reviews", lazy: opsConsole.page("OpsReviewsPage") },
          { path: "operators", lazy: opsConsole.page("OpsOperatorsPage") },
          { path: "audit", lazy: opsConsole.page("OpsAuditPage") },
        ],
      },
      ...paymentAliases,
      { path: "*", lazy: pages.notFound },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
