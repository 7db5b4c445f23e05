import { Ruler } from "lucide-react";
import { formatRupees, type Service } from "#domain/catalogue.ts";
import { AddToCartButton } from "#web/features/cart/public.ts";
import { useT } from "#web/i18n/use-t.tsx";
import type { messages as renovaEn } from "./messages/en-IN.ts";
import { renovaMessages } from "./renova-messages.ts";

type RenovaT = (key: keyof typeof renovaEn, values?: Record<string, unknown>) => string;

/** The free site visit (catalogue service `site-visit`) that fits each Renova service. */
const SITE_VISIT_FOR: Record<string, string> = {
  "home-painting": "painting",
  waterproofing: "waterproofing",
  "false-ceiling": "kitchen-and-interiors",
  "modular-kitchen": "kitchen-and-interiors",
  "interior-design": "kitchen-and-interiors",
  "home-automation": "kitchen-and-interiors",
  tiling: "tiling-and-flooring",
  "full-home-renovation": "full-home-renovation",
};

/** "₹90 per sq ft" for an option priced per 100 sq ft; "per room" and flat sizes as the data says. */
function unitNote(key: string, price: number, t: RenovaT): string | undefined {
  const perHundred = /per-100-sq-ft/.exec(key);
  if (perHundred) return t("perSqFt", { price: formatRupees(Math.round(price / 100)) });
  if (key.includes("per-room")) return t("perRoom");
  if (key.includes("per-switchboard")) return t("perSwitchboard");
  const flat = /^(\d)-bhk$/.exec(key);
  if (flat) return t("forFlat", { rooms: flat[1] });
  return undefined;
}

/** Renova: the price guide made from the service's options. */
export function RenovaPriceGuide({ service }: { service: Service }) {
  const t = useT(renovaMessages);
  const priced = service.options.filter((option) => option.priceRupees > 0);
  const low = Math.min(...priced.map((option) => option.priceRupees));
  const high = Math.max(...priced.map((option) => option.priceRupees));
  return (
    <section
      aria-labelledby="price-guide-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="price-guide-heading" className="text-lg font-bold text-slate-900">
        {t("priceGuide")}
      </h2>
      <p className="mt-1 text-slate-700">{t("priceRange", { low: formatRupees(low), high: formatRupees(high) })}</p>
      <ul className="mt-3 space-y-1.5">
        {priced.map((option) => {
          const note = unitNote(option.key, option.priceRupees, t);
          return (
            <li key={option.key} className="flex justify-between gap-4 text-sm">
              <span className="text-slate-800">{option.label}</span>
              <span className="shrink-0 text-right">
                <span className="font-semibold text-slate-900">{formatRupees(option.priceRupees)}</span>
                {note ? <span className="block text-xs text-slate-600">{note}</span> : null}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Renova's call to action: a free site visit, booked through the normal booking flow. */
export function SiteVisitCard({ service }: { service: Service }) {
  const t = useT(renovaMessages);
  const option = SITE_VISIT_FOR[service.name];
  if (!option) return null;
  return (
    <section aria-labelledby="site-visit-heading" className="rounded-2xl bg-brand-50 p-5">
      <h2 id="site-visit-heading" className="flex items-center gap-2 font-bold text-brand-950">
        <Ruler className="size-5" aria-hidden="true" />
        {t("siteVisit")}
      </h2>
      <p className="mt-2 text-slate-800">{t("siteVisitText")}</p>
      <AddToCartButton
        lines={[{ service: "site-visit", option, quantity: 1 }]}
        label={t("bookSiteVisit")}
        then="book"
        className="mt-3 inline-flex w-full items-center justify-center gap-2 rounded-xl bg-brand-800 px-4 py-2.5 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
      />
    </section>
  );
}
