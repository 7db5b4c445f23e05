import { useMemo, useState } from "react";
import { toast } from "sonner";
import { type Cart, type CartLine, cartInLanguage, parseLocalCart, priceLocalCart } from "#domain/cart.ts";
import { STORAGE_KEYS } from "#domain/constants.ts";
import { allServices } from "#domain/service-lookup.ts";
import { useCatalogue } from "#web/features/catalogue/public.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { errorMessage } from "#web/lib/error-message.ts";
import { useAuthToken } from "#web/shell/use-auth-token.ts";
import { useLocalStorage } from "#web/shell/use-local-storage.ts";
import { deleteCartItem, patchCartItem, showAccountCart, useAccountCart } from "./cart-api.ts";
import { cartMessages } from "./cart-messages.ts";
import { removeFromLocalCart, setLocalQuantity } from "./local-cart.ts";

export type CartView =
  | { status: "loading" }
  | { status: "error"; message: string; retry: () => void }
  | {
      status: "ready";
      cart: Cart;
      /** A visitor's lines the catalogue no longer has (a customer's are removed by the server). */
      unavailable: CartLine[];
      signedIn: boolean;
      /** The item whose change is being sent. */
      busyId: string | undefined;
      setQuantity: (id: string, quantity: number) => void;
      remove: (id: string) => void;
    };

/**
 * The cart as the cart page shows it: the account's cart for a signed-in customer (kept live by
 * the cart sync), or the visitor's local list priced from the catalogue. Changes go to the same
 * place the cart lives.
 */
export function useCartView(): CartView {
  const t = useT(cartMessages);
  const signedIn = Boolean(useAuthToken());
  const account = useAccountCart({ enabled: signedIn });
  const catalogue = useCatalogue();
  const stored = useLocalStorage(STORAGE_KEYS.cart);
  const [busyId, setBusyId] = useState<string>();

  const local = useMemo(
    () => (catalogue.data ? priceLocalCart(parseLocalCart(stored), allServices(catalogue.data)) : undefined),
    [catalogue.data, stored],
  );

  const change = async (id: string, send: () => Promise<Cart>) => {
    setBusyId(id);
    try {
      await showAccountCart(await send());
    } catch (error) {
      toast.error(t("changeFailed", { message: errorMessage(error) }));
    } finally {
      setBusyId(undefined);
    }
  };

  if (signedIn) {
    if (account.data) {
      return {
        status: "ready",
        cart: catalogue.data ? cartInLanguage(account.data, allServices(catalogue.data)) : account.data,
        unavailable: [],
        signedIn,
        busyId,
        setQuantity: (id, quantity) => void change(id, () => patchCartItem(id, quantity)),
        remove: (id) => void change(id, () => deleteCartItem(id)),
      };
    }
    if (account.isError) {
      return { status: "error", message: account.error.message, retry: () => void account.refetch() };
    }
    return { status: "loading" };
  }
  if (local) {
    return {
      status: "ready",
      cart: local.cart,
      unavailable: local.unavailable,
      signedIn,
      busyId: undefined,
      setQuantity: setLocalQuantity,
      remove: removeFromLocalCart,
    };
  }
  if (catalogue.isError) {
    return { status: "error", message: catalogue.error.message, retry: () => void catalogue.refetch() };
  }
  return { status: "loading" };
}
