import { Minus, Plus, ShoppingCart, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { CART_LIMITS, type CartItem, type CartLine, localItemId } from "#domain/cart.ts";
import { formatDuration, formatRupees, servicePath } from "#domain/catalogue.ts";
import { ServiceIcon } from "#web/features/catalogue/public.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { ErrorState } from "#web/shell/error-state.tsx";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { primaryActionClass } from "#web/shell/page-shell.tsx";
import { cartMessages } from "./cart-messages.ts";
import { useProceedToBook } from "./use-add-to-cart.ts";
import { type CartView, useCartView } from "./use-cart-view.ts";

const stepClass =
  "grid size-9 place-items-center rounded-full border border-slate-300 text-slate-800 hover:border-brand-700 hover:text-brand-900 disabled:cursor-not-allowed disabled:opacity-40";

function ItemRow({ item, view }: { item: CartItem; view: Extract<CartView, { status: "ready" }> }) {
  const t = useT(cartMessages);
  const name = `${item.serviceTitle}, ${item.optionLabel}`;
  const busy = view.busyId === item.id;
  return (
    <li className="flex flex-wrap items-start gap-4 py-4 sm:flex-nowrap" aria-busy={busy}>
      <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-800">
        <ServiceIcon name={item.icon} />
      </span>
      <div className="min-w-0 flex-1">
        <Link
          to={servicePath({ name: item.service, title: item.serviceTitle, group: item.group })}
          className="font-semibold text-slate-900 hover:text-brand-800 hover:underline"
        >
          {item.serviceTitle}
        </Link>
        <p className="text-slate-700">{item.optionLabel}</p>
        <p className="text-sm text-slate-600">
          {t("eachAbout", {
            price: formatRupees(item.unitPriceRupees),
            duration: formatDuration(item.durationMinutes),
          })}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <button
          type="button"
          className={stepClass}
          aria-label={t("oneLess", { name })}
          disabled={busy || item.quantity <= 1}
          onClick={() => view.setQuantity(item.id, item.quantity - 1)}
        >
          <Minus className="size-4" aria-hidden="true" />
        </button>
        <output aria-label={t("quantityOf", { name })} className="w-8 text-center font-semibold tabular-nums">
          {item.quantity}
        </output>
        <button
          type="button"
          className={stepClass}
          aria-label={t("oneMore", { name })}
          disabled={busy || item.quantity >= CART_LIMITS.maxQuantity}
          onClick={() => view.setQuantity(item.id, item.quantity + 1)}
        >
          <Plus className="size-4" aria-hidden="true" />
        </button>
      </div>
      <div className="flex w-28 flex-col items-end gap-1">
        <p className="font-bold text-slate-900 tabular-nums">{formatRupees(item.lineTotalRupees)}</p>
        <button
          type="button"
          className="flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-red-800 hover:bg-red-50 disabled:opacity-40"
          aria-label={t("removeItem", { name })}
          disabled={busy}
          onClick={() => view.remove(item.id)}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          {t("remove")}
        </button>
      </div>
    </li>
  );
}

function UnavailableRow({ line, remove }: { line: CartLine; remove: (id: string) => void }) {
  const t = useT(cartMessages);
  return (
    <li className="flex items-center justify-between gap-4 py-4 text-slate-700">
      <p>
        {t("noLongerOffered", { service: line.service.replace(/-/g, " "), option: line.option.replace(/-/g, " ") })}
      </p>
      <button
        type="button"
        className="rounded-lg px-2 py-1 text-sm font-medium text-red-800 hover:bg-red-50"
        onClick={() => remove(localItemId(line))}
      >
        {t("remove")}
      </button>
    </li>
  );
}

/** The cart page's contents: items with quantity and price, the total, and Proceed to book. */
export function CartContents() {
  const t = useT(cartMessages);
  const view = useCartView();
  const proceedToBook = useProceedToBook();

  if (view.status === "loading") return <LoadingState />;
  if (view.status === "error") {
    return <ErrorState title={t("loadError")} message={view.message} onRetry={view.retry} />;
  }
  if (view.cart.count === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <ShoppingCart className="mx-auto size-10 text-slate-400" aria-hidden="true" />
        <p className="mt-3 text-lg font-semibold text-slate-900">{t("empty")}</p>
        <p className="mt-1 text-slate-700">{t("emptyHint")}</p>
        <Link to="/#services" className={`${primaryActionClass} mt-5`}>
          {t("browseServices")}
        </Link>
      </div>
    );
  }

  const bookable = view.cart.items.length > 0;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_18rem] lg:items-start">
      <section
        aria-labelledby="cart-items-heading"
        className="rounded-2xl border border-slate-200 bg-white px-5 shadow-sm"
      >
        <h2 id="cart-items-heading" className="sr-only">
          {t("items")}
        </h2>
        <ul className="divide-y divide-slate-200">
          {view.cart.items.map((item) => (
            <ItemRow key={item.id} item={item} view={view} />
          ))}
          {view.unavailable.map((line) => (
            <UnavailableRow key={localItemId(line)} line={line} remove={view.remove} />
          ))}
        </ul>
      </section>
      <section
        aria-labelledby="cart-summary-heading"
        className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="cart-summary-heading" className="text-lg font-bold text-slate-900">
          {t("summary")}
        </h2>
        <p className="flex justify-between text-slate-700">
          <span>{t("itemCount", { count: view.cart.items.length })}</span>
          <span className="sr-only">{t("totalSr")}</span>
          <span className="text-xl font-extrabold text-slate-950 tabular-nums" data-testid="cart-total">
            {formatRupees(view.cart.totalRupees)}
          </span>
        </p>
        <p className="text-sm text-slate-600">{t("pricesNote")}</p>
        <button type="button" className={`${primaryActionClass} w-full`} disabled={!bookable} onClick={proceedToBook}>
          {t("proceed")}
        </button>
        {view.signedIn ? null : <p className="text-sm text-slate-600">{t("loginNote")}</p>}
      </section>
    </div>
  );
}
