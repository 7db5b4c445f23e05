import { SearchX } from "lucide-react";
import { Link } from "react-router";
import { ServiceSearch } from "#web/features/search/service-search.tsx";
import { Msg, useT } from "#web/i18n/use-t.tsx";
import { publicPagesMessages } from "#web/pages/public/public-pages-messages.ts";
import { PageShell, primaryActionClass } from "#web/shell/page-shell.tsx";

/** An unknown service name: say so, and help find the right one. */
export function ServiceNotFound({ name, groupHint }: { name: string; groupHint?: string }) {
  const t = useT(publicPagesMessages);
  return (
    <PageShell
      title={t("serviceNotFound")}
      icon={<SearchX className="size-7" />}
      lead={
        <Msg
          of={publicPagesMessages}
          id={groupHint ? "groupServiceNotFoundLead" : "serviceNotFoundLead"}
          values={{ name, group: groupHint }}
          // A mistyped name can be one long word: let it wrap instead of widening the page.
          components={{ 0: <span className="wrap-anywhere" /> }}
        />
      }
    >
      <div className="max-w-xl">
        <ServiceSearch label={t("findService")} regionLabel={t("findService")} />
      </div>
      <Link to="/#services" className={primaryActionClass}>
        {t("browseAll")}
      </Link>
    </PageShell>
  );
}
