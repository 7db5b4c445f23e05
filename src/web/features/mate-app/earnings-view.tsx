import { formatRupees } from "#domain/catalogue.ts";
import { formatCalendarDate } from "#domain/date-format.ts";
import type { Earnings } from "#domain/mate-app.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { ErrorState } from "#web/shell/error-state.tsx";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { useEarnings } from "./mate-api.ts";
import { mateMoneyMessages } from "./money-messages.ts";
import { MoneyView } from "./money-view.tsx";

function Period({ title, period }: { title: string; period: Earnings["week"] }) {
  const t = useT(mateMoneyMessages);
  const total = period.collectedRupees.cash + period.collectedRupees.upi;
  return (
    <section aria-label={title} className="rounded-2xl border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-bold text-slate-950">{title}</h2>
      <p className="text-sm text-slate-600">{t("since", { date: formatCalendarDate(period.from, activeLocale()) })}</p>
      <dl className="mt-2 grid grid-cols-2 gap-2 text-slate-800">
        <dt>{t("jobsDone")}</dt>
        <dd className="text-right font-semibold">{period.jobsDone}</dd>
        <dt>{t("cash")}</dt>
        <dd className="text-right font-semibold">{formatRupees(period.collectedRupees.cash)}</dd>
        <dt>UPI</dt>
        <dd className="text-right font-semibold">{formatRupees(period.collectedRupees.upi)}</dd>
        <dt className="font-bold">{t("collected")}</dt>
        <dd className="text-right font-bold">{formatRupees(total)}</dd>
      </dl>
    </section>
  );
}

/** What the mate is owed or owes, week by week, then jobs done and amounts collected this week and this month. */
export function EarningsView() {
  const t = useT(mateMoneyMessages);
  return (
    <div className="grid gap-4">
      <MoneyView />
      <h2 className="text-lg font-bold text-slate-950">{t("collectedHeading")}</h2>
      <CollectedView />
    </div>
  );
}

function CollectedView() {
  const t = useT(mateMoneyMessages);
  const earnings = useEarnings();
  if (earnings.isPending) return <LoadingState />;
  if (earnings.isError) {
    return (
      <ErrorState title={t("earningsError")} message={earnings.error.message} onRetry={() => void earnings.refetch()} />
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Period title={t("thisWeek")} period={earnings.data.week} />
      <Period title={t("thisMonth")} period={earnings.data.month} />
    </div>
  );
}
