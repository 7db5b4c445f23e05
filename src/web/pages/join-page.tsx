import { BadgeCheck, CalendarClock, IndianRupee } from "lucide-react";
import { PUBLIC_PAGE_META } from "#domain/page-meta-public.ts";
import { JoinForm, joinMessages } from "#web/features/join/public.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { usePageMeta } from "#web/shell/use-page-meta.ts";

const PROMISES = [
  { icon: CalendarClock, text: "promiseHours" },
  { icon: IndianRupee, text: "promisePay" },
  { icon: BadgeCheck, text: "promiseVerified" },
] as const;

/** `/join`: professionals apply to work with Mates (issue 16). */
export function JoinPage() {
  const t = useT(joinMessages);
  usePageMeta(PUBLIC_PAGE_META.join);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 lg:px-6">
      <h1 className="text-3xl font-bold text-slate-950">{t("pageTitle")}</h1>
      <p className="mt-2 text-lg text-slate-700">{t("pageIntro")}</p>
      <ul className="mt-4 space-y-2">
        {PROMISES.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-start gap-2 text-slate-800">
            <Icon className="mt-0.5 size-5 shrink-0 text-brand-800" aria-hidden="true" />
            {t(text)}
          </li>
        ))}
      </ul>
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <JoinForm />
      </div>
    </div>
  );
}
