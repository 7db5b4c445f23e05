import { Link } from "react-router";
import { useT } from "#web/i18n/use-t.tsx";
import { ShoppingCartIcon } from "#web/shell/shell-icons.tsx";
import { shellMessages } from "#web/shell/shell-messages.ts";
import { useCartCount } from "#web/shell/use-cart-count.ts";

/** Cart icon with its count badge (spec §2 header). */
export function CartLink({ className = "" }: { className?: string }) {
  const count = useCartCount();
  const t = useT(shellMessages);
  const label = t("cart", { count });
  return (
    <Link
      to="/cart"
      aria-label={label}
      className={`relative grid size-11 place-items-center rounded-full text-brand-900 hover:bg-brand-50 ${className}`}
    >
      <ShoppingCartIcon className="size-6" />
      <span
        aria-hidden="true"
        className="absolute right-0.5 top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-brand-800 px-1 text-xs font-bold text-white"
      >
        {count > 99 ? "99+" : count}
      </span>
    </Link>
  );
}
