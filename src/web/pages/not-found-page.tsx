import { Compass } from "lucide-react";
import { ServiceSearch } from "#web/features/search/service-search.tsx";
import { PageShell } from "#web/shell/page-shell.tsx";

/** Any path the app does not have. */
export function NotFoundPage() {
  return (
    <PageShell
      title="Page not found"
      icon={<Compass className="size-7" />}
      lead="There is no page at this address. It may have moved, or the link may be mistyped. Search for a service or go back home."
    >
      <div className="max-w-xl">
        <ServiceSearch label="Find a service" regionLabel="Find a service" />
      </div>
    </PageShell>
  );
}
