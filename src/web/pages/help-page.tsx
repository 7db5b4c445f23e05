import { LifeBuoy } from "lucide-react";
import { useParams } from "react-router";
import { RequireCustomer } from "#web/features/booking/require-customer.tsx";
import { CaseView, helpMessages, MyCases, useCaseEvents } from "#web/features/help/public.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { useAuthToken } from "#web/shell/use-auth-token.ts";
import { usePageMeta } from "#web/shell/use-page-meta.ts";

function HelpFrame({ titleKey, children }: { titleKey: "helpTitle" | "caseTitle"; children: React.ReactNode }) {
  const t = useT(helpMessages);
  const title = t(titleKey);
  usePageMeta(title);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 lg:px-6">
      <span className="mb-5 grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-800" aria-hidden="true">
        <LifeBuoy className="size-7" />
      </span>
      <h1 className="mb-6 text-3xl font-extrabold tracking-tight text-slate-950 sm:text-4xl">{title}</h1>
      <RequireCustomer title={t("loginTitle")} hint={t("loginHint")}>
        {children}
      </RequireCustomer>
    </div>
  );
}

/** Follows the customer's case live: an operator's answer shows without a reload. */
function LiveCase({ id }: { id: string }) {
  useCaseEvents();
  return <CaseView id={id} />;
}

/** `/help/:id`: one of the customer's cases (issue 38). */
export function HelpCasePage() {
  const token = useAuthToken();
  const { id = "" } = useParams();
  return <HelpFrame titleKey="caseTitle">{token ? <LiveCase key={id} id={id} /> : null}</HelpFrame>;
}

function LiveList() {
  useCaseEvents();
  return <MyCases />;
}

/** `/help`: the customer's cases, the latest first. */
export function HelpPage() {
  const token = useAuthToken();
  return <HelpFrame titleKey="helpTitle">{token ? <LiveList /> : null}</HelpFrame>;
}
