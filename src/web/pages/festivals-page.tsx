import { PartyPopper } from "lucide-react";
import { Link } from "react-router";
import { findService } from "#domain/service-lookup.ts";
import { useCatalogue } from "#web/features/catalogue/catalogue-query.ts";
import { ServiceCard } from "#web/features/catalogue/service-card.tsx";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { PageShell, primaryActionClass } from "#web/shell/page-shell.tsx";

/** Services that get a home ready for a festival, when the catalogue has them. */
const FESTIVAL_SERVICES = ["deep-cleaning", "home-painting", "flowers-and-puja-items", "sofa-cleaning", "bakery"];

/** /festivals: getting ready for Diwali, Ganeshotsav and family functions. */
export function FestivalsPage() {
  const catalogue = useCatalogue();
  const services = catalogue.data
    ? FESTIVAL_SERVICES.flatMap((name) => {
        const service = catalogue.data && findService(catalogue.data, name);
        return service ? [service] : [];
      })
    : [];
  return (
    <PageShell
      title="Festivals"
      icon={<PartyPopper className="size-7" />}
      lead="Getting your home ready for Diwali, Ganeshotsav or a family function? These services help. Festival packages are listed here when they open for booking; none are open right now."
    >
      {catalogue.isPending ? (
        <LoadingState />
      ) : services.length > 0 ? (
        <ul className="grid gap-3 sm:grid-cols-2">
          {services.map((service) => (
            <li key={service.name}>
              <ServiceCard service={service} />
            </li>
          ))}
        </ul>
      ) : null}
      <Link to="/#services" className={primaryActionClass}>
        See all services
      </Link>
    </PageShell>
  );
}
