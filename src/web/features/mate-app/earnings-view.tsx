import { formatRupees } from "#domain/catalogue.ts";
import { formatCalendarDate } from "#domain/date-format.ts";
import type { Earnings } from "#domain/mate-app.ts";
import { ErrorState } from "#web/shell/error-state.tsx";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { useEarnings } from "./mate-api.ts";
import { MoneyView } from "./money-view.tsx";

function Period({ title, period }: { title: string; period: Earnings["week"] }) {
  const total = period.collectedRupees.cash + period.collectedRupees.upi;
  return (
    <section aria-label={title} className="rounded-2xl border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-bold text-slate-950">{title}</h2>
      <p className="text-sm text-slate-600">Since {formatCalendarDate(period.from)}</p>
      <dl className="mt-2 grid grid-cols-2 gap-2 text-slate-800">
        <dt>Jobs done</dt>
        <dd className="text-right font-semibold">{period.jobsDone}</dd>
        <dt>Cash</dt>
        <dd className="text-right font-semibold">{formatRupees(period.collectedRupees.cash)}</dd>
        <dt>UPI</dt>
        <dd className="text-right font-semibold">{formatRupees(period.collectedRupees.upi)}</dd>
        <dt className="font-bold">Collected</dt>
        <dd className="text-right font-bold">{formatRupees(total)}</dd>
      </dl>
    </section>
  );
}

/** What the mate is owed or owes, week by week, then jobs done and amounts collected this week and this month. */
export function EarningsView() {
  return (
    <div className="grid gap-4">
      <MoneyView />
      <h2 className="text-lg font-bold text-slate-950">Collected from customers</h2>
      <CollectedView />
    </div>
  );
}

function CollectedView() {
  const earnings = useEarnings();
  if (earnings.isPending) return <LoadingState />;
  if (earnings.isError) {
    return (
      <ErrorState
        title="Your earnings could not be loaded."
        message={earnings.error.message}
        onRetry={() => void earnings.refetch()}
      />
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Period title="This week" period={earnings.data.week} />
      <Period title="This month" period={earnings.data.month} />
    </div>
  );
}
