/**
 * A new release takes over without leaving a stale page (decision 037). The new service worker
 * activates at once and takes every open page (skipWaiting, clients.claim); such a page still runs
 * the old release's code, so on its next navigation it loads the destination in full instead of
 * routing in the page: never in the middle of what the person is doing (a half-filled form stays
 * as it is), and never asking the old release's page chunks of a server that has the new ones.
 *
 * The first worker taking an uncontrolled page (the first visit) changes nothing: the page and the
 * worker are of the same release.
 */

/** What this needs of `navigator.serviceWorker`. */
export type WorkerContainer = Pick<ServiceWorkerContainer, "controller" | "addEventListener">;

type RouterPath = { pathname: string; search: string; hash: string };

/** What this needs of the app's router: its navigations as they start, and a destination's href. */
export type NavigatingRouter = {
  subscribe(listener: (state: { navigation: { location?: RouterPath | undefined } }) => void): () => void;
  createHref(location: RouterPath): string;
};

export function reloadOnNextNavigationAfterUpdate(
  workers: WorkerContainer,
  router: NavigatingRouter,
  load: (href: string) => void,
): void {
  let controlled = workers.controller !== null;
  let stale = false;
  workers.addEventListener("controllerchange", () => {
    if (controlled) stale = true;
    controlled = true;
  });
  router.subscribe((state) => {
    const destination = state.navigation.location;
    if (stale && destination) load(router.createHref(destination));
  });
}
