import "#web/lib/csp.ts";
import "./styles.css";
import { I18nProvider } from "@lingui/react";
import { type ComponentType, lazy, StrictMode, Suspense, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { listenForLoginRequests } from "#web/features/auth/login-requests.ts";
import { listenForLocationRequests } from "#web/features/location/location-requests.ts";
import { activateLocale, deviceLocale, i18n } from "#web/i18n/i18n.ts";
import { prefetchDuringSplash } from "#web/prefetch.ts";
import { createAppRouter } from "#web/routes.tsx";
import { installContentProtection } from "#web/shell/content-protection.ts";
import { firstPageDrawn } from "#web/shell/first-page.ts";
import { scheduleSplashRemoval } from "#web/shell/splash.ts";
import { applyStylesheet } from "#web/shell/stylesheet.ts";

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html has no #root element");

// The device's language, before anything draws: catalogs of the first page load with its chunks.
activateLocale(deviceLocale());
installContentProtection();
scheduleSplashRemoval(rootElement);
listenForLoginRequests();
listenForLocationRequests();

const stylesheet = applyStylesheet();

// Making the router (its route table, the first page matched and its chunk asked for) is, after
// evaluating React itself, the largest piece of start-up work: 15–35 ms here, 50–150 ms with the CPU
// slowed 4× as on the phone Lighthouse simulates. It runs in a task of its own, so that the two do
// not hold the main thread together (issue 15).
window.setTimeout(() => {
  const router = createAppRouter();
  const navigate = (to: string) => router.navigate(to);
  // What the first screen does not draw waits until it is drawn: the accounts, cart and location
  // features beside the router (login requests made meanwhile wait in their queues), the prefetching
  // of other pages, and the offline banner and service worker (decisions 037 and 041).
  const drawn = firstPageDrawn(router, stylesheet);
  // A chunk that cannot be had (a lost connection, which the browser reports) leaves these features
  // out, never the page: a lazy component that fails with no error boundary takes the page with it.
  const BesideRouter = lazy(
    (): Promise<{ default: ComponentType<{ navigate: typeof navigate; router: typeof router }> }> =>
      drawn
        .then(() => import("#web/beside-router.tsx"))
        .then(
          (m) => ({ default: m.BesideRouter }),
          () => ({ default: () => null }),
        ),
  );
  prefetchDuringSplash(drawn);
  void drawn.then(() => import("#web/features/app-worker/start-app-worker.ts")).then((m) => m.startAppWorker(router));

  // Rendered once the stylesheet has loaded, so nothing is drawn unstyled under the splash; as a
  // transition, so React gives the main thread back every few milliseconds instead of holding it for
  // the whole first render (the splash covers the page meanwhile; decision 028). React's root (its
  // listeners for every event) is made in a task after the router's: the stylesheet has usually
  // loaded by now, and the two in one task held the main thread for 57–147 ms at 4× (issue 15).
  void stylesheet
    .then(() => new Promise((resolve) => window.setTimeout(resolve, 0)))
    .then(() => {
      const root = createRoot(rootElement);
      startTransition(() =>
        root.render(
          <StrictMode>
            <I18nProvider i18n={i18n}>
              <RouterProvider router={router} />
              <Suspense fallback={null}>
                <BesideRouter navigate={navigate} router={router} />
              </Suspense>
            </I18nProvider>
          </StrictMode>,
        ),
      );
    });
}, 0);
