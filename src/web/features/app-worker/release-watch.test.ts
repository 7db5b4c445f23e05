import { describe, expect, it } from "vitest";
import { type NavigatingRouter, reloadOnNextNavigationAfterUpdate, type WorkerContainer } from "./release-watch.ts";

type Path = { pathname: string; search: string; hash: string };

/** navigator.serviceWorker as far as this needs it: a controller, and its change event. */
function workers(controlled: boolean) {
  const events = new EventTarget();
  const serviceWorkers = {
    controller: controlled ? ({} as ServiceWorker) : null,
    addEventListener: events.addEventListener.bind(events),
  } as WorkerContainer;
  return { serviceWorkers, takeOver: () => events.dispatchEvent(new Event("controllerchange")) };
}

/** The router as far as this needs it: navigations starting, and hrefs. */
function router() {
  const listeners: ((state: { navigation: { location?: Path } }) => void)[] = [];
  const fake: NavigatingRouter = {
    subscribe: (listener) => {
      listeners.push(listener);
      return () => {};
    },
    createHref: (location) => `${location.pathname}${location.search}${location.hash}`,
  };
  const emit = (location?: Path) => {
    for (const listener of listeners) listener({ navigation: location ? { location } : {} });
  };
  return {
    fake,
    navigate: (pathname: string, search = "") => emit({ pathname, search, hash: "" }),
    settle: () => emit(),
  };
}

describe("reloadOnNextNavigationAfterUpdate", () => {
  it("loads the next destination in full once a new release has taken over the page", () => {
    const { serviceWorkers, takeOver } = workers(true);
    const { fake, navigate, settle } = router();
    const loaded: string[] = [];
    reloadOnNextNavigationAfterUpdate(serviceWorkers, fake, (href) => loaded.push(href));

    navigate("/about");
    expect(loaded).toEqual([]);
    takeOver();
    // Nothing happens under the person's hands: not while they stay where they are.
    settle();
    expect(loaded).toEqual([]);
    navigate("/service/plumber", "?from=home");
    expect(loaded).toEqual(["/service/plumber?from=home"]);
  });

  it("does nothing when the first worker takes a page of its own release (the first visit)", () => {
    const { serviceWorkers, takeOver } = workers(false);
    const { fake, navigate } = router();
    const loaded: string[] = [];
    reloadOnNextNavigationAfterUpdate(serviceWorkers, fake, (href) => loaded.push(href));
    takeOver();
    navigate("/cart");
    expect(loaded).toEqual([]);
    // A later release taking over that page does count.
    takeOver();
    navigate("/about");
    expect(loaded).toEqual(["/about"]);
  });
});
