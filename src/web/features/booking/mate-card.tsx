import { BadgeCheck, Star } from "lucide-react";
import type { MateSummary } from "#domain/booking.ts";
import { lazyDateFormats } from "#domain/date-format.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { progressMessages } from "./progress/progress-messages.ts";

const since = lazyDateFormats({ month: "long", year: "numeric", timeZone: "Asia/Kolkata" });

/** The assigned mate: photo or initials, name, rating, jobs done, and since when verified. */
export function MateCard({ mate, title }: { mate: MateSummary; title?: string }) {
  const t = useT(progressMessages);
  return (
    <div className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4">
      {mate.photoUrl ? (
        <img src={mate.photoUrl} alt="" className="size-14 shrink-0 rounded-full object-cover" />
      ) : (
        <span
          className="grid size-14 shrink-0 place-items-center rounded-full bg-brand-800 text-lg font-bold text-white"
          aria-hidden="true"
        >
          {mate.initials}
        </span>
      )}
      <div className="min-w-0">
        {title ? <p className="text-xs font-semibold uppercase tracking-wider text-slate-600">{title}</p> : null}
        <p className="text-lg font-bold text-slate-950">{mate.name}</p>
        <p className="flex flex-wrap items-center gap-x-3 text-sm text-slate-700">
          <span className="flex items-center gap-1">
            <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" />
            {mate.rating === null ? (
              <span>{t("newOnMates")}</span>
            ) : (
              <span>
                {mate.rating.toFixed(1)}
                <span className="sr-only"> {t("outOf5")}</span>
              </span>
            )}
          </span>
          <span>{t("jobsDone", { count: mate.jobsDone.toLocaleString("en-IN") })}</span>
          <span>{t("fromLocality", { locality: mate.homeLocality })}</span>
        </p>
        <p className="mt-0.5 flex items-center gap-1 text-sm font-semibold text-brand-800">
          <BadgeCheck className="size-4" aria-hidden="true" />
          {t("verifiedSince", { date: since(activeLocale()).format(new Date(mate.verifiedAt)) })}
        </p>
      </div>
    </div>
  );
}
