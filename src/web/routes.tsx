import {
  createBrowserRouter,
  Navigate,
  type PatchRoutesOnNavigationFunctionArgs,
  type RouteObject,
  useLocation,
} from "react-router";
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
  help: () => import("#web/pages/help-page.tsx").then((m) => ({ Component: m.HelpPage })),
  helpCase: () => import("#web/pages/help-page.tsx").then((m) => ({ Component: m.HelpCasePage })),
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

/** The root route's id: the mate app's and the console's routes are added under it (role-routes.tsx). */
const ROOT_ROUTE_ID = "root";

export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
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
      { path: "help", lazy: pages.help },
      { path: "help/:id", lazy: pages.helpCase },
      // The password reset mail links here (src/server/auth/auth.ts).
      { path: "reset-password", lazy: pages.resetPassword },
      { path: "join", lazy: pages.join },
      ...paymentAliases,
      { path: "*", lazy: pages.notFound },
    ],
  },
];

/**
 * The mate app and the operator console (issues 14 and 16) join the table when a path under /mate or
 * /ops is first opened, from role-routes.tsx: a customer's start-up neither carries their routes nor
 * ranks them (decision 045). React Router asks here on every navigation it cannot be sure of (none,
 * or only a match with parameters or the catch-all); a path of a customer's returns at once, and a
 * second patch of the same routes is ignored.
 */
export async function addRoleRoutes({ path, patch }: PatchRoutesOnNavigationFunctionArgs): Promise<void> {
  const area = path.split("/")[1]?.toLowerCase();
  if (area !== "mate" && area !== "ops") return;
  const { roleRoutes } = await import("#web/role-routes.tsx");
  patch(ROOT_ROUTE_ID, [roleRoutes[area]]);
}

export function createAppRouter() {
  return createBrowserRouter(routes, { patchRoutesOnNavigation: addRoleRoutes });
}
