import { lazy, Suspense } from "react";
import { useSearchParams } from "react-router";
import { SERVICE_GROUPS, type ServiceGroup } from "#domain/constants.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { Hero } from "#web/pages/home/hero.tsx";
import { homeMessages } from "#web/pages/home/home-messages.ts";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { shellMessages } from "#web/shell/shell-messages.ts";
import { usePageMeta } from "#web/shell/use-page-meta.ts";

/**
 * The catalogue tabs need the catalogue data (and with it TanStack Query, zod, Radix Tabs and
 * the service icons), so their code loads alongside that data rather than before the page.
 */
const ServiceGroupsTabs = lazy(() =>
  import("#web/features/catalogue/service-groups-tabs.tsx").then((m) => ({ default: m.ServiceGroupsTabs })),
);

/**
 * How it works, why verified and the service hours sit below the services, out of the first
 * screen: like the footer, their code follows the page's instead of holding up its start.
 */
const SectionsBelowServices = lazy(() =>
  import("#web/pages/home/home-sections.tsx").then((m) => ({ default: m.SectionsBelowServices })),
);

/** ?tab=Nearkart (any case) selects a group; anything else shows the first. */
export function groupFromParam(value: string | null): ServiceGroup {
  const wanted = value?.trim().toLowerCase();
  return SERVICE_GROUPS.find((group) => group.toLowerCase() === wanted) ?? SERVICE_GROUPS[0];
}

/** Home (/ and /services): hero, services by group, how it works, why verified, hours. */
export function HomePage() {
  const t = useT(homeMessages);
  const shell = useT(shellMessages);
  // HOME_PAGE_META (#domain/page-meta.ts) in the active language: what the server writes in English.
  usePageMeta({ title: shell("tagline"), description: shell("siteDescription") });
  const [params, setParams] = useSearchParams();
  const selected = groupFromParam(params.get("tab"));

  const select = (group: ServiceGroup) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set("tab", group);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <>
      <Hero />
      <section id="services" aria-labelledby="services-heading" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-16 lg:px-6">
          <h2 id="services-heading" className="text-3xl font-extrabold tracking-tight text-slate-950">
            {t("servicesHeading")}
          </h2>
          <p className="mt-2 mb-6 text-lg text-slate-700">{t("servicesLead")}</p>
          <Suspense fallback={<LoadingState />}>
            <ServiceGroupsTabs selected={selected} onSelect={select} />
          </Suspense>
        </div>
      </section>
      <Suspense fallback={null}>
        <SectionsBelowServices />
      </Suspense>
    </>
  );
}
