import { PartyPopper } from "lucide-react";
import { useMemo } from "react";
import { upcomingFestivals } from "#domain/festivals.ts";
import { allServices } from "#domain/service-lookup.ts";
import { useCatalogue } from "#web/features/catalogue/catalogue-query.ts";
import { FestivalCard } from "#web/features/festivals/festival-card.tsx";
import { festivalsMessages } from "#web/features/festivals/festivals-messages.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { ErrorState } from "#web/shell/error-state.tsx";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { usePageMeta } from "#web/shell/use-page-meta.ts";

/** /festivals: packages for Mumbai's festivals, the one on now or coming next first. */
export function FestivalsPage() {
  const t = useT(festivalsMessages);
  usePageMeta({ title: t("title"), description: t("description") });
  const catalogue = useCatalogue();
  const occurrences = useMemo(() => upcomingFestivals(new Date()), []);
  const services = useMemo(() => (catalogue.data ? allServices(catalogue.data) : []), [catalogue.data]);

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 lg:px-6">
      <span className="mb-5 grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-800" aria-hidden="true">
        <PartyPopper className="size-7" />
      </span>
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-950 sm:text-4xl">{t("title")}</h1>
      <p className="mt-3 text-lg text-slate-700">{t("lead")}</p>
      <div className="mt-8 space-y-5">
        {catalogue.isPending ? <LoadingState /> : null}
        {catalogue.isError ? (
          <ErrorState
            title={t("loadFailed")}
            message={catalogue.error.message}
            onRetry={() => void catalogue.refetch()}
          />
        ) : null}
        {catalogue.data
          ? occurrences.map((occurrence, index) => (
              <FestivalCard
                key={occurrence.festival.id}
                occurrence={occurrence}
                services={services}
                first={index === 0}
              />
            ))
          : null}
      </div>
    </div>
  );
}
