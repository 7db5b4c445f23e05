import { useEffect, useRef } from "react";
import { toast } from "sonner";
import { type CartLine, cartSchema } from "#domain/cart.ts";
import { useServerEvent } from "#web/features/events/public.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { isApiError } from "#web/lib/api-client.ts";
import { sessionToastId } from "#web/shell/session-toast.ts";
import {
  followAccountCartCount,
  forgetAccountCart,
  postCartMerge,
  setMergeState,
  showAccountCart,
  useAccountCart,
} from "./cart-api.ts";
import { type CartT, cartMessages } from "./cart-messages.ts";
import { clearLocalCart, readLocalCart } from "./local-cart.ts";

const MERGE_LOCK = "mates-cart-merge";

function describe(lines: CartLine[]): string {
  return lines.map((line) => `${line.service.replace(/-/g, " ")} (${line.option.replace(/-/g, " ")})`).join(", ");
}

/**
 * Spec §4 merge at sign-in: a visitor's local items go into the account's cart in one request;
 * the local list is cleared only once the server has confirmed, so a failed request loses
 * nothing (the next sign-in or page load tries again). Tabs take turns through a Web Lock and
 * re-read the list inside it, so two tabs signing in at once merge it once.
 */
async function mergeLocalCart(t: CartT): Promise<void> {
  const run = async () => {
    const lines = readLocalCart();
    if (lines.length === 0) return;
    setMergeState("running");
    try {
      const { cart, leftOut } = await postCartMerge(lines);
      await showAccountCart(cart);
      clearLocalCart();
      setMergeState("idle");
      if (leftOut.length > 0) {
        toast.error(t("mergeLeftOut", { count: leftOut.length, items: describe(leftOut) }), {
          id: sessionToastId("cart-merge"),
        });
      }
    } catch (error) {
      setMergeState("failed");
      // Kept locally; said once, without losing anything.
      if (!isApiError(error) || error.status !== 401) {
        toast.error(t("mergeFailed"), {
          id: sessionToastId("cart-merge"),
        });
      }
    }
  };
  if ("locks" in navigator) await navigator.locks.request(MERGE_LOCK, run);
  else await run();
}

/** Mounted by CartHost while a customer is signed in. */
export function CartSync() {
  // The merge runs once per sign-in; its toasts speak the language of when they show.
  const translate = useT(cartMessages);
  const t = useRef(translate);
  t.current = translate;
  useAccountCart({ enabled: true });

  useServerEvent("cart", (data) => {
    const parsed = cartSchema.safeParse(data);
    if (parsed.success) void showAccountCart(parsed.data);
  });

  useEffect(() => {
    const stopCounting = followAccountCartCount();
    void mergeLocalCart((key, values) => t.current(key, values));
    return () => {
      stopCounting();
      forgetAccountCart();
    };
  }, []);

  return null;
}
