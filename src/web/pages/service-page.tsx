import { useParams } from "react-router";
import { serviceMeta } from "#domain/page-meta-public.ts";
import { findService } from "#domain/service-lookup.ts";
import { useCatalogue, useService } from "#web/features/catalogue/catalogue-query.ts";
import { ServiceDetails } from "#web/features/catalogue/service-details.tsx";
import { useT } from "#web/i18n/use-t.tsx";
import { isClientError } from "#web/lib/api-client.ts";
import { publicPagesMessages } from "#web/pages/public/public-pages-messages.ts";
import { ServiceNotFound } from "#web/pages/service-not-found.tsx";
import { ErrorState } from "#web/shell/error-state.tsx";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { usePageMeta } from "#web/shell/use-page-meta.ts";

/**
 * /service/{serviceName} and /suboptions/{serviceName}: one service. The name may be the URL
 * name ("home-painting") or, from older links, the title ("Home Painting"). The catalogue
 * (prefetched during the splash) answers first; the service's own request is only made when the
 * catalogue could not be loaded, so an unknown name costs no request.
 */
export function ServicePage() {
  const t = useT(publicPagesMessages);
  const { serviceName = "" } = useParams();
  const catalogue = useCatalogue();
  const fromCatalogue = catalogue.data ? findService(catalogue.data, serviceName) : undefined;
  const service = useService(fromCatalogue?.name ?? serviceName.trim().toLowerCase(), {
    enabled: fromCatalogue !== undefined || catalogue.isError,
  });
  const shown = service.data ?? fromCatalogue;

  const notFound =
    !shown && ((catalogue.isSuccess && !fromCatalogue) || (catalogue.isError && isClientError(service.error)));
  usePageMeta(shown ? serviceMeta(shown) : t(notFound ? "serviceNotFound" : "service"));

  if (shown) return <ServiceDetails service={shown} />;
  if (notFound) return <ServiceNotFound name={serviceName} />;
  if (catalogue.isPending || (catalogue.isError && service.isPending)) {
    return <LoadingState className="min-h-[50vh]" />;
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-extrabold tracking-tight text-slate-950">{t("service")}</h1>
      <ErrorState
        title={t("serviceLoadFailed")}
        message={service.error?.message ?? catalogue.error?.message ?? t("pleaseTryAgain")}
        onRetry={() => {
          void catalogue.refetch();
          void service.refetch();
        }}
      />
    </div>
  );
}
