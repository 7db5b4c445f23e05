import { lazy, Suspense, useEffect } from "react";
import { type Location, Outlet, ScrollRestoration, useLocation, useMatches, useNavigation } from "react-router";
import { useT } from "#web/i18n/use-t.tsx";
import { Header } from "#web/shell/header.tsx";
import { requestLogin } from "#web/shell/login-request.ts";
import { redirectPathFor, rememberRedirectAfterLogin } from "#web/shell/redirect-after-login.ts";
import { shellMessages } from "#web/shell/shell-messages.ts";
import { SkipLink } from "#web/shell/skip-link.tsx";
import { readAuthToken, useAuthToken } from "#web/shell/use-auth-token.ts";
import { useScrollToHash } from "#web/shell/use-scroll-to-hash.ts";

/** The search box needs the catalogue; its code loads with it (during the splash). */
const ServiceSearch = lazy(() =>
  import("#web/features/search/service-search.tsx").then((m) => ({ default: m.ServiceSearch })),
);

/** The footer sits below the fold of the home page; its code follows the page's. */
const Footer = lazy(() => import("#web/shell/footer.tsx").then((m) => ({ default: m.Footer })));

/** Holds the search box's place while its code loads, so the header does not shift. */
function SearchPlaceholder() {
  return <div className="h-11 w-full rounded-full border border-slate-300 bg-slate-50" aria-hidden="true" />;
}

/**
 * Route `handle`: `footer`, the pages that show the footer (spec §2: home route only); `ownFrame`, the
 * mate app and the console, which draw their own header and navigation (pages/role-shell.tsx).
 */
export type LayoutHandle = { footer?: boolean; ownFrame?: boolean };

/**
 * Spec §2: while there is no token, booking paths and /profile are remembered for after login.
 * Arriving on one of them without a token also asks for the login popup (once per arrival, not
 * when the token goes away later, e.g. on sign-out).
 */
function useRememberRedirectAfterLogin(): void {
  const { pathname } = useLocation();
  const token = useAuthToken();
  useEffect(() => {
    rememberRedirectAfterLogin(pathname, token);
  }, [pathname, token]);
  useEffect(() => {
    if (!readAuthToken() && redirectPathFor(pathname)) requestLogin("guard");
  }, [pathname]);
}

/**
 * Scroll positions are kept per history entry. The first entry of a tab has the key "default"
 * whatever its URL, so without the URL in the key, opening /#contact and then typing
 * /about#pricing in the same tab would restore the first page's position instead of the anchor.
 */
function scrollKey(location: Location): string {
  return location.key === "default" ? `default ${location.pathname}${location.search}${location.hash}` : location.key;
}

/**
 * Every customer's page: skip link, header, the page in <main>, the footer on the home route. The
 * mate app and the console draw their own frame in its place (decision 050).
 */
export function AppLayout() {
  const t = useT(shellMessages);
  const matches = useMatches();
  const navigation = useNavigation();
  // A handle is whatever a route sets: anything but one of these objects has neither key.
  const handled = (key: keyof LayoutHandle) =>
    matches.some((match) => (match.handle as LayoutHandle | null | undefined)?.[key] === true);
  const showFooter = handled("footer");
  const ownFrame = handled("ownFrame");
  useRememberRedirectAfterLogin();
  useScrollToHash();

  return (
    <div className="flex min-h-dvh flex-col">
      {ownFrame ? null : (
        <>
          <SkipLink />
          <Header
            search={
              <Suspense fallback={<SearchPlaceholder />}>
                <ServiceSearch />
              </Suspense>
            }
          />
        </>
      )}
      {navigation.state === "loading" ? (
        <div role="status" className="pointer-events-none fixed inset-x-0 top-0 z-50">
          <div className="h-1 overflow-hidden bg-brand-100">
            <div className="h-full w-1/3 animate-pulse bg-brand-700" />
          </div>
          <p className="mx-auto mt-2 w-fit rounded-full bg-white px-3 py-1 text-sm font-medium text-slate-800 shadow">
            {t("loading")}
          </p>
        </div>
      ) : null}
      {ownFrame ? (
        <Outlet />
      ) : (
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          <Outlet />
        </main>
      )}
      {showFooter ? (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      ) : null}
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}
