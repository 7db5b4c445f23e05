import { CartContents } from "#web/features/cart/cart-contents.tsx";
import { cartMessages } from "#web/features/cart/cart-messages.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { usePageMeta } from "#web/shell/use-page-meta.ts";

/** /cart: the items a visitor or customer has chosen, ready to book. */
export function CartPage() {
  const t = useT(cartMessages);
  usePageMeta(t("yourCart"));
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 lg:px-6">
      <h1 className="mb-6 text-3xl font-extrabold tracking-tight text-slate-950 sm:text-4xl">{t("yourCart")}</h1>
      <CartContents />
    </div>
  );
}
