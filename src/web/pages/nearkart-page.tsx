import { useParams } from "react-router";
import { DeliveryPromise } from "#web/features/nearkart/delivery-promise.tsx";
import { GroupServicePage } from "#web/pages/group-service-page.tsx";

/** /nearkart/{serviceTitle}: a Nearkart shop category: its items, prices and units, and the delivery promise. */
export function NearkartPage() {
  const { serviceTitle = "" } = useParams();
  return <GroupServicePage group="Nearkart" segment={serviceTitle} aside={() => <DeliveryPromise />} />;
}
