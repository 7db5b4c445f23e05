import { useParams } from "react-router";
import { GroupServicePage } from "#web/pages/group-service-page.tsx";

/** /renova/{service}: a Renova (renovation) service. */
export function RenovaPage() {
  const { service = "" } = useParams();
  return <GroupServicePage group="Renova" segment={service} />;
}
