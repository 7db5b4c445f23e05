import { Check, Clock, X } from "lucide-react";
import { useId, useState } from "react";
import { CART_LIMITS, type CartLine } from "#domain/cart.ts";
import { formatRupees, type Service } from "#domain/catalogue.ts";
import { AddToCartButton } from "#web/features/cart/public.ts";
import { Msg, useT } from "#web/i18n/use-t.tsx";
import { secondaryActionClass } from "#web/shell/page-shell.tsx";
import { shellMessages } from "#web/shell/shell-messages.ts";
import { serviceDetailsMessages } from "./details/details-messages.ts";
import type { messages as detailsEn } from "./details/messages/en-IN.ts";

type DetailsT = (key: keyof typeof detailsEn, values?: Record<string, unknown>) => string;

/** "45 min", "2 h", "2 h 30 min", "3 days" in the active language (formatDuration's forms). */
function durationText(minutes: number, t: DetailsT): string {
  const day = 24 * 60;
  if (minutes >= day && minutes % day === 0) return t("days", { days: minutes / day });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t("minutes", { minutes: rest });
  return rest === 0 ? t("hours", { hours }) : t("hoursMinutes", { hours, minutes: rest });
}

/**
 * The options of a service, each with its price and how long it takes; the customer picks one and
 * a quantity and adds it to the cart (or books it straight away). Nearkart items show their unit.
 */
export function ServiceOptions({ service }: { service: Service }) {
  return service.options.some((option) => option.unit) ? (
    <ShopItems service={service} />
  ) : (
    <OptionPicker service={service} />
  );
}

function OptionPicker({ service }: { service: Service }) {
  const t = useT(serviceDetailsMessages);
  const shell = useT(shellMessages);
  const [chosen, setChosen] = useState(service.options[0]?.key ?? "");
  const [quantity, setQuantity] = useState(1);
  const lines: CartLine[] = chosen ? [{ service: service.name, option: chosen, quantity }] : [];
  const groupName = useId();

  return (
    <section aria-labelledby="options-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="options-heading" className="text-lg font-bold text-slate-900">
        {t("optionsHeading")}
      </h2>
      <fieldset className="mt-3">
        <legend className="sr-only">{t("chooseOption", { service: service.title })}</legend>
        <ul className="divide-y divide-slate-200">
          {service.options.map((option) => (
            <li key={option.key}>
              <label className="flex cursor-pointer items-start justify-between gap-4 py-3">
                <span className="flex items-start gap-3">
                  <input
                    type="radio"
                    name={groupName}
                    value={option.key}
                    checked={chosen === option.key}
                    onChange={() => setChosen(option.key)}
                    className="mt-1 size-4 accent-brand-800"
                  />
                  <span>
                    <span className="block font-medium text-slate-900">{option.label}</span>
                    <span className="mt-0.5 flex items-center gap-1 text-sm text-slate-600">
                      <Clock className="size-4" aria-hidden="true" />
                      <span>
                        <Msg
                          of={serviceDetailsMessages}
                          id="takesAbout"
                          values={{ duration: durationText(option.durationMinutes, t) }}
                          components={{ 0: <span className="sr-only" /> }}
                        />
                      </span>
                    </span>
                  </span>
                </span>
                <span className="shrink-0 text-lg font-bold text-brand-900">
                  {option.priceRupees === 0 ? shell("free") : formatRupees(option.priceRupees)}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
        <label className="flex items-center gap-2 font-medium text-slate-800">
          {t("quantity")}
          <select
            value={quantity}
            onChange={(event) => setQuantity(Number(event.target.value))}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2"
          >
            {Array.from({ length: CART_LIMITS.maxQuantity }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <AddToCartButton lines={lines} />
        <AddToCartButton lines={lines} label={t("bookNow")} then="book" className={secondaryActionClass} />
      </div>
    </section>
  );
}

/** Nearkart: the category's items, each with its unit and price, added to the cart one by one. */
function ShopItems({ service }: { service: Service }) {
  const t = useT(serviceDetailsMessages);
  return (
    <section aria-labelledby="options-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="options-heading" className="text-lg font-bold text-slate-900">
        {t("itemsHeading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("itemsNote")}</p>
      <ul className="mt-3 divide-y divide-slate-200">
        {service.options.map((option) => (
          <li key={option.key} className="flex items-center justify-between gap-4 py-3">
            <span className="min-w-0">
              <span className="block font-medium text-slate-900">{option.label}</span>
              {option.unit ? <span className="block text-sm text-slate-600">{option.unit}</span> : null}
            </span>
            <span className="flex shrink-0 items-center gap-3">
              <span className="font-bold text-brand-900">{formatRupees(option.priceRupees)}</span>
              <AddToCartButton
                lines={[{ service: service.name, option: option.key, quantity: 1 }]}
                label={t("add")}
                accessibleName={t("addItem", { item: option.unit ? `${option.label}, ${option.unit}` : option.label })}
                className={secondaryActionClass}
              />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What the price covers and what it does not. */
export function ServiceScope({ service }: { service: Service }) {
  const t = useT(serviceDetailsMessages);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section
        aria-labelledby="includes-heading"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="includes-heading" className="text-lg font-bold text-slate-900">
          {t("includedHeading")}
        </h2>
        {service.includes.length === 0 ? (
          <p className="mt-3 text-slate-700">{t("includedEmpty")}</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {service.includes.map((item) => (
              <li key={item} className="flex items-start gap-2 text-slate-800">
                <Check className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section
        aria-labelledby="excludes-heading"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="excludes-heading" className="text-lg font-bold text-slate-900">
          {t("excludedHeading")}
        </h2>
        {service.excludes.length === 0 ? (
          <p className="mt-3 text-slate-700">{t("excludedEmpty")}</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {service.excludes.map((item) => (
              <li key={item} className="flex items-start gap-2 text-slate-800">
                <X className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
