import { useParams } from "react-router";
import { GroupServicePage } from "#web/pages/group-service-page.tsx";

/** /nearkart/{serviceTitle}: a Nearkart (errands from nearby shops) service. */
export function NearkartPage() {
  const { serviceTitle = "" } = useParams();
  return <GroupServicePage group="Nearkart" segment={serviceTitle} />;
}
