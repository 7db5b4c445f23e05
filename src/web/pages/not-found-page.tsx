import { Compass } from "lucide-react";
import { ServiceSearch } from "#web/features/search/service-search.tsx";
import { useT } from "#web/i18n/use-t.tsx";
import { publicPagesMessages } from "#web/pages/public/public-pages-messages.ts";
import { PageShell } from "#web/shell/page-shell.tsx";

/** Any path the app does not have. */
export function NotFoundPage() {
  const t = useT(publicPagesMessages);
  return (
    <PageShell title={t("notFoundTitle")} icon={<Compass className="size-7" />} lead={t("notFoundLead")}>
      <div className="max-w-xl">
        <ServiceSearch label={t("findService")} regionLabel={t("findService")} />
      </div>
    </PageShell>
  );
}
