import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import type { CartLine } from "#domain/cart.ts";
import { STORAGE_KEYS } from "#domain/constants.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { errorMessage } from "#web/lib/error-message.ts";
import { writeStorage } from "#web/shell/local-storage.ts";
import { requestLogin } from "#web/shell/login-request.ts";
import { readAuthToken } from "#web/shell/use-auth-token.ts";
import { postCartItem, showAccountCart } from "./cart-api.ts";
import { cartMessages } from "./cart-messages.ts";
import { addToLocalCart } from "./local-cart.ts";

/** What happens after the lines are in the cart. */
export type AfterAdding = "stay" | "cart" | "book";

/** Where booking starts (spec §2 /book/address). */
export const BOOKING_START = "/book/address";

/**
 * Sends a signed-in customer to booking; a visitor gets the login popup, and booking is remembered
 * as redirectAfterLogin (spec §2), so logging in continues there.
 */
export function useProceedToBook(): () => void {
  const navigate = useNavigate();
  return () => {
    if (readAuthToken()) {
      void navigate(BOOKING_START);
      return;
    }
    writeStorage(STORAGE_KEYS.redirectAfterLogin, BOOKING_START);
    requestLogin("cart");
  };
}

/**
 * Puts lines in the cart: the account's (one request per line, priced by the server) for a
 * signed-in customer, the local `cart` list for a visitor. Confirms or explains with a toast.
 */
export function useAddToCart() {
  const t = useT(cartMessages);
  const navigate = useNavigate();
  const proceedToBook = useProceedToBook();
  const [pending, setPending] = useState(false);

  const add = async (lines: CartLine[], then: AfterAdding = "stay"): Promise<boolean> => {
    if (pending || lines.length === 0) return false;
    setPending(true);
    try {
      if (readAuthToken()) {
        for (const line of lines) await showAccountCart(await postCartItem(line));
      } else {
        addToLocalCart(lines);
      }
    } catch (error) {
      toast.error(t("addFailed", { message: errorMessage(error) }));
      return false;
    } finally {
      setPending(false);
    }
    if (then === "cart") void navigate("/cart");
    else if (then === "book") proceedToBook();
    else {
      toast.success(t("added", { count: lines.length }), {
        action: { label: t("viewCart"), onClick: () => void navigate("/cart") },
      });
    }
    return true;
  };

  return { add, pending };
}
