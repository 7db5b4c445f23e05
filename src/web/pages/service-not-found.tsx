import { SearchX } from "lucide-react";
import { Link } from "react-router";
import { ServiceSearch } from "#web/features/search/service-search.tsx";
import { PageShell, primaryActionClass } from "#web/shell/page-shell.tsx";

/** An unknown service name: say so, and help find the right one. */
export function ServiceNotFound({ name, groupHint }: { name: string; groupHint?: string }) {
  return (
    <PageShell
      title="Service not found"
      icon={<SearchX className="size-7" />}
      lead={
        <>
          We don't have a {groupHint ? `${groupHint} ` : ""}service called{" "}
          {/* A mistyped name can be one long word: let it wrap instead of widening the page. */}
          <span className="wrap-anywhere">“{name}”</span>. Search for what you need, or browse all services.
        </>
      }
    >
      <div className="max-w-xl">
        <ServiceSearch label="Find a service" regionLabel="Find a service" />
      </div>
      <Link to="/#services" className={primaryActionClass}>
        Browse all services
      </Link>
    </PageShell>
  );
}
