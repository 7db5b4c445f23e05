import { useParams } from "react-router";
import { RenovaPriceGuide, SiteVisitCard } from "#web/features/renova/renova-extras.tsx";
import { RenovaGallery } from "#web/features/renova/renova-gallery.tsx";
import { GroupServicePage } from "#web/pages/group-service-page.tsx";

/** /renova/{service}: a Renova (renovation) service with its price guide, past work and a free site visit. */
export function RenovaPage() {
  const { service = "" } = useParams();
  return (
    <GroupServicePage
      group="Renova"
      segment={service}
      extra={(found) => (
        <>
          <RenovaPriceGuide service={found} />
          <RenovaGallery />
        </>
      )}
      aside={(found) => <SiteVisitCard service={found} />}
    />
  );
}
