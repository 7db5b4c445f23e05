import { CloudRain, Flower2, Music, PartyPopper, Sparkles, TreePine } from "lucide-react";
import { Link } from "react-router";
import { priceLocalCart } from "#domain/cart.ts";
import { formatRupees, type Service, servicePath } from "#domain/catalogue.ts";
import { SERVICE_HOURS } from "#domain/constants.ts";
import { lazyDateFormats } from "#domain/date-format.ts";
import type { FestivalOccurrence } from "#domain/festivals.ts";
import { AddToCartButton } from "#web/features/cart/public.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { shellMessages } from "#web/shell/shell-messages.ts";
import { festivalsMessages } from "./festivals-messages.ts";
import type { messages as festivalsEn } from "./messages/en-IN.ts";

type Key = keyof typeof festivalsEn;
type FestivalsT = (key: Key, values?: Record<string, unknown>) => string;

/** Each festival's name and summary in the catalog (the English is #domain/festivals.ts's). */
const TEXTS: Record<string, { name: Key; summary: Key }> = {
  diwali: { name: "diwaliName", summary: "diwaliSummary" },
  "ganesh-chaturthi": { name: "ganeshName", summary: "ganeshSummary" },
  navratri: { name: "navratriName", summary: "navratriSummary" },
  christmas: { name: "christmasName", summary: "christmasSummary" },
  monsoon: { name: "monsoonName", summary: "monsoonSummary" },
};

const ICONS = {
  diwali: Sparkles,
  "ganesh-chaturthi": Flower2,
  navratri: Music,
  christmas: TreePine,
  monsoon: CloudRain,
};

const dateFormats = lazyDateFormats({ dateStyle: "long", timeZone: SERVICE_HOURS.timeZone });

function when(occurrence: FestivalOccurrence, t: FestivalsT): string {
  const day = dateFormats(activeLocale()).format(new Date(`${occurrence.date}T12:00:00+05:30`));
  if (occurrence.daysAway === 0) return t("whenToday", { day });
  return t("whenIn", { day, count: occurrence.daysAway });
}

/** One festival's package: when, what it includes and costs, links into the services, and add to cart. */
export function FestivalCard({
  occurrence,
  services,
  first,
}: {
  occurrence: FestivalOccurrence;
  services: readonly Service[];
  first: boolean;
}) {
  const t = useT(festivalsMessages);
  const shell = useT(shellMessages);
  const { festival } = occurrence;
  const texts = TEXTS[festival.id];
  const name = texts ? t(texts.name) : festival.name;
  const Icon = ICONS[festival.id as keyof typeof ICONS] ?? PartyPopper;
  const { cart } = priceLocalCart(festival.lines, services);
  const headingId = `festival-${festival.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`rounded-2xl border bg-white p-5 shadow-sm ${first ? "border-brand-700 ring-2 ring-brand-100" : "border-slate-200"}`}
    >
      <div className="flex items-start gap-4">
        <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-800">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          {first ? (
            <p className="text-xs font-bold uppercase tracking-wider text-brand-800">
              {t(occurrence.onNow ? "onNow" : "comingNext")}
            </p>
          ) : null}
          <h2 id={headingId} className="text-xl font-bold text-slate-950">
            {name}
          </h2>
          <p className="text-sm font-medium text-slate-600">{when(occurrence, t)}</p>
          <p className="mt-2 text-slate-700">{texts ? t(texts.summary) : festival.summary}</p>
        </div>
      </div>
      <ul className="mt-4 space-y-1.5">
        {cart.items.map((item) => (
          <li key={item.id} className="flex items-start justify-between gap-3 text-sm">
            <span>
              <Link
                to={servicePath({ name: item.service, title: item.serviceTitle, group: item.group })}
                className="font-medium text-brand-900 underline underline-offset-2"
              >
                {item.serviceTitle}
              </Link>
              <span className="text-slate-700">
                {" "}
                · {item.optionLabel}
                {item.quantity > 1 ? ` × ${item.quantity}` : ""}
              </span>
            </span>
            <span className="shrink-0 font-semibold tabular-nums text-slate-900">
              {item.lineTotalRupees === 0 ? shell("free") : formatRupees(item.lineTotalRupees)}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
        <p className="text-slate-700">
          {t("package")} <span className="text-lg font-extrabold text-slate-950">{formatRupees(cart.totalRupees)}</span>
          <span className="block text-xs text-slate-600">{t("packageNote")}</span>
        </p>
        <AddToCartButton
          lines={[...festival.lines]}
          label={t("addPackage")}
          accessibleName={t("addPackageNamed", { name })}
        />
      </div>
    </article>
  );
}
