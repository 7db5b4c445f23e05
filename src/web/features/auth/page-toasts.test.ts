import { toast } from "sonner";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { sessionToastId } from "#web/shell/session-toast.ts";
import { dismissToastsOnPageChange, type PageChanges } from "./page-toasts.ts";

type State = Parameters<Parameters<PageChanges["subscribe"]>[0]>[0];

/** A router as the app's: where it is, and its listeners told of each change of state. */
function fakeRouter(pathname: string) {
  const listeners = new Set<(state: State) => void>();
  const router = {
    state: { location: { pathname } },
    subscribe(listener: (state: State) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const emit = (state: State) => {
    for (const listener of listeners) listener(state);
  };
  return { router, emit };
}

const live = () => toast.getToasts().map((shown) => shown.id);

// sonner tells its Toaster of a dismissal in the next frame: the browser's frames, played by timers here.
beforeAll(() => {
  vi.stubGlobal("requestAnimationFrame", (run: () => void) => setTimeout(run, 0));
  vi.stubGlobal("cancelAnimationFrame", (timer: ReturnType<typeof setTimeout>) => clearTimeout(timer));
});
afterAll(() => vi.unstubAllGlobals());
afterEach(() => toast.dismiss());

describe("toasts that belong to a page", () => {
  it("go as soon as a navigation to another page starts; session toasts stay", () => {
    const { router, emit } = fakeRouter("/service/plumber");
    const stop = dismissToastsOnPageChange(router);
    toast.success("Added to your cart", { id: "added" });
    toast("Welcome back, Asha!", { id: sessionToastId("welcome") });
    emit({ location: { pathname: "/service/plumber" }, navigation: { location: { pathname: "/cart" } } });
    expect(live()).toEqual([sessionToastId("welcome")]);
    stop();
  });

  it("stay while the page is the same one (its search or hash changed, the navigation ended)", () => {
    const { router, emit } = fakeRouter("/cart");
    const stop = dismissToastsOnPageChange(router);
    emit({ location: { pathname: "/cart" }, navigation: { location: { pathname: "/cart" } } });
    toast.success("Added to your cart", { id: "added" });
    emit({ location: { pathname: "/cart" }, navigation: {} });
    expect(live()).toEqual(["added"]);
    stop();
  });
});
