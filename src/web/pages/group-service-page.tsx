import type { ReactNode } from "react";
import { Link } from "react-router";
import { type Service, servicePath } from "#domain/catalogue.ts";
import type { ServiceGroup } from "#domain/constants.ts";
import { serviceMeta } from "#domain/page-meta-public.ts";
import { findService } from "#domain/service-lookup.ts";
import { useCatalogue } from "#web/features/catalogue/catalogue-query.ts";
import { GROUP_SUMMARY } from "#web/features/catalogue/group-info.ts";
import { ServiceDetails } from "#web/features/catalogue/service-details.tsx";
import { useT } from "#web/i18n/use-t.tsx";
import { publicPagesMessages } from "#web/pages/public/public-pages-messages.ts";
import { ServiceNotFound } from "#web/pages/service-not-found.tsx";
import { ErrorState } from "#web/shell/error-state.tsx";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { shellMessages } from "#web/shell/shell-messages.ts";
import { usePageMeta } from "#web/shell/use-page-meta.ts";

/**
 * A service of one group, named by URL name or title: /renova/{service},
 * /nearkart/{serviceTitle}. A service of another group gets a link to its own page.
 */
export function GroupServicePage({
  group,
  segment,
  extra,
  aside,
}: {
  group: ServiceGroup;
  segment: string;
  /** The group's own sections for a service (see ServiceDetails). */
  extra?: (service: Service) => ReactNode;
  aside?: (service: Service) => ReactNode;
}) {
  const t = useT(publicPagesMessages);
  const shell = useT(shellMessages);
  const catalogue = useCatalogue();
  const service = catalogue.data ? findService(catalogue.data, segment, group) : undefined;
  const elsewhere = catalogue.data && !service ? findService(catalogue.data, segment) : undefined;
  usePageMeta(service ? serviceMeta(service) : catalogue.isPending ? group : t("groupServiceNotFound", { group }));

  if (service) {
    return (
      <ServiceDetails
        service={service}
        extra={extra?.(service)}
        aside={aside?.(service)}
        intro={
          <p className="mb-1 text-sm font-semibold uppercase tracking-wider text-brand-800">
            {group} · <span className="normal-case tracking-normal text-slate-700">{shell(GROUP_SUMMARY[group])}</span>
          </p>
        }
      />
    );
  }
  if (catalogue.isPending) return <LoadingState className="min-h-[50vh]" />;
  if (catalogue.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="mb-6 text-3xl font-extrabold tracking-tight text-slate-950">{group}</h1>
        <ErrorState
          title={t("serviceLoadFailed")}
          message={catalogue.error.message}
          onRetry={() => void catalogue.refetch()}
        />
      </div>
    );
  }
  if (elsewhere) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-950">
          {t("otherGroup", { title: elsewhere.title, group: elsewhere.group })}
        </h1>
        <p className="mt-3 text-lg text-slate-700">{t("notPartOf", { group })}</p>
        <Link
          to={servicePath(elsewhere)}
          className="mt-6 inline-block rounded-xl bg-brand-800 px-5 py-3 font-semibold text-white hover:bg-brand-900"
        >
          {t("seeService", { title: elsewhere.title })}
        </Link>
      </div>
    );
  }
  return <ServiceNotFound name={segment} groupHint={group} />;
}
