import { ShoppingCart } from "lucide-react";
import type { CartLine } from "#domain/cart.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { cartMessages } from "./cart-messages.ts";
import { type AfterAdding, useAddToCart } from "./use-add-to-cart.ts";

const buttonClass =
  "inline-flex items-center justify-center gap-2 rounded-xl bg-brand-800 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-900 disabled:cursor-wait disabled:opacity-70";

/**
 * Adds the lines to the cart (the visitor's local list or the customer's account cart), updates
 * the header badge, and then stays (with a toast), opens the cart, or goes on to booking.
 */
export function AddToCartButton({
  lines,
  label,
  className = buttonClass,
  then = "stay",
  accessibleName,
}: {
  lines: CartLine[];
  label?: string;
  /** When the visible label alone does not say what is added ("Add" in a list of items). */
  accessibleName?: string;
  className?: string;
  then?: AfterAdding;
}) {
  const t = useT(cartMessages);
  const { add, pending } = useAddToCart();
  return (
    <button
      type="button"
      className={className}
      disabled={pending || lines.length === 0}
      aria-busy={pending}
      aria-label={accessibleName}
      onClick={() => void add(lines, then)}
    >
      <ShoppingCart className="size-5" aria-hidden="true" />
      {pending ? t("processing") : (label ?? t("addToCart"))}
    </button>
  );
}
