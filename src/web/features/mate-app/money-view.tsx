import { Fragment, useState } from "react";
import { formatCalendarDate } from "#domain/date-format.ts";
import type { EarningPayout, WeekDetail, WeekTotals } from "#domain/earnings.ts";
import { formatPaise } from "#domain/payments.ts";
import { addDays, quarterOf } from "#domain/payouts.ts";
import { ErrorState } from "#web/shell/error-state.tsx";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { useMateWeek, useMateWeeks } from "./earnings-api.ts";

/**
 * The mate's money (issue 39, record 066): the balance or what they owe, the week so far in full,
 * past weeks that open to their jobs, payouts with their state and UTR, and the statements.
 */

/** "₹1,234.50", "−₹200" for an amount in paise. */
const money = (paise: number) => (paise < 0 ? `−${formatPaise(-paise)}` : formatPaise(paise));
const dayOf = (iso: string) => formatCalendarDate(iso.slice(0, 10));
const rangeOf = (week: string) => `${formatCalendarDate(week)} – ${formatCalendarDate(addDays(week, 6))}`;

const PAYOUT_STATE: Record<EarningPayout["status"], string> = {
  queued: "Approved, sending",
  pending: "Sending",
  processing: "With the bank",
  processed: "Paid",
  reversed: "Came back",
  failed: "Failed",
  cancelled: "Cancelled",
  rejected: "Refused",
};

function Totals({ totals }: { totals: WeekTotals }) {
  const rows: [string, number][] = [
    ["Gross", totals.grossPaise],
    ["Commission", -totals.commissionPaise],
    ["TDS", -totals.tdsPaise],
    ["Tips", totals.tipsPaise],
    ["Collected by you", -totals.collectedPaise],
    ["Adjustments", totals.adjustmentsPaise],
  ];
  return (
    <dl className="mt-2 grid grid-cols-2 gap-2 text-slate-800">
      {rows
        .filter(([, paise]) => paise !== 0)
        .map(([label, paise]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd className="text-right font-semibold">{money(paise)}</dd>
          </Fragment>
        ))}
      <dt className="font-bold">Earned</dt>
      <dd className="text-right font-bold">{money(totals.earnedPaise)}</dd>
      {totals.paidOutPaise !== 0 && (
        <>
          <dt>Paid out</dt>
          <dd className="text-right font-semibold">{money(totals.paidOutPaise)}</dd>
        </>
      )}
    </dl>
  );
}

/** A week's jobs, adjustments and payouts. */
function WeekLines({ detail }: { detail: WeekDetail }) {
  return (
    <div className="mt-3 grid gap-3 text-sm text-slate-800">
      {detail.jobs.length > 0 && (
        <ul className="grid gap-2" aria-label="Jobs">
          {detail.jobs.map((job) => (
            <li key={job.jobId} className="rounded-xl border border-slate-200 p-3">
              <p className="font-semibold text-slate-950">
                {job.service} · {dayOf(job.at)}
              </p>
              <p>
                Gross {money(job.grossPaise)} · commission {money(job.commissionPaise)} · TDS {money(job.tdsPaise)}
                {job.tipPaise > 0 && <> · tip {money(job.tipPaise)}</>}
                {job.collectedPaise > 0 && <> · collected by you {money(job.collectedPaise)}</>}
              </p>
              <p className="font-semibold">Net {money(job.netPaise)}</p>
            </li>
          ))}
        </ul>
      )}
      {detail.adjustments.length > 0 && (
        <ul className="grid gap-2" aria-label="Adjustments">
          {detail.adjustments.map((item) => (
            <li key={`${item.at}${item.kind}`} className="rounded-xl border border-slate-200 p-3">
              <p className="font-semibold text-slate-950">
                {item.kind === "dues_paid"
                  ? "You paid Mates"
                  : item.kind === "charged_to_mate"
                    ? "Charged to you"
                    : "Adjustment"}{" "}
                {money(item.amountPaise)}
              </p>
              {item.reason && <p>{item.reason}</p>}
            </li>
          ))}
        </ul>
      )}
      {detail.payouts.length > 0 && (
        <ul className="grid gap-2" aria-label="Payouts">
          {detail.payouts.map((payout) => (
            <li key={payout.id} className="rounded-xl border border-slate-200 p-3">
              <p className="font-semibold text-slate-950">
                Payout {money(payout.amountPaise)} · {PAYOUT_STATE[payout.status]}
              </p>
              <p>
                {dayOf(payout.createdAt)} by {payout.mode}
                {payout.utr && <> · UTR {payout.utr}</>}
                {payout.failureReason && <> · {payout.failureReason}</>}
              </p>
            </li>
          ))}
        </ul>
      )}
      <a className="font-semibold text-brand-800 underline" href={`/api/mate/statements/${detail.totals.week}.pdf`}>
        Statement for this week (PDF)
      </a>
    </div>
  );
}

function PastWeek({ totals }: { totals: WeekTotals }) {
  const [open, setOpen] = useState(false);
  const detail = useMateWeek(totals.week, open);
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="flex w-full items-center justify-between gap-2 text-left"
      >
        <span className="font-bold text-slate-950">{rangeOf(totals.week)}</span>
        <span className="font-semibold text-slate-800">
          {totals.jobs} {totals.jobs === 1 ? "job" : "jobs"} · {money(totals.earnedPaise)}
        </span>
      </button>
      {open && <Totals totals={totals} />}
      {open && detail.isPending && <LoadingState />}
      {open && detail.data && <WeekLines detail={detail.data} />}
    </li>
  );
}

/** Links to the TDS statements of this quarter and the one before, in both formats. */
function TdsLinks({ thisWeek }: { thisWeek: string }) {
  const now = quarterOf(new Date(`${thisWeek}T12:00:00Z`));
  const before = quarterOf(new Date(Date.parse(`${thisWeek}T12:00:00Z`) - 92 * 86_400_000));
  return (
    <ul className="grid gap-2 text-sm">
      {[now, before].map((q) => (
        <li key={q.label}>
          TDS {q.label}:{" "}
          <a
            className="font-semibold text-brand-800 underline"
            href={`/api/mate/tds/${q.financialYear}/Q${q.quarter}.pdf`}
          >
            PDF
          </a>{" "}
          ·{" "}
          <a
            className="font-semibold text-brand-800 underline"
            href={`/api/mate/tds/${q.financialYear}/Q${q.quarter}.csv`}
          >
            CSV
          </a>
        </li>
      ))}
    </ul>
  );
}

export function MoneyView() {
  const weeks = useMateWeeks();
  if (weeks.isPending) return <LoadingState />;
  if (weeks.isError) {
    return (
      <ErrorState
        title="Your money could not be loaded."
        message={weeks.error.message}
        onRetry={() => void weeks.refetch()}
      />
    );
  }
  const pages = weeks.data.pages;
  const first = pages[0];
  if (!first) return null;
  const past = pages.flatMap((page) => page.weeks);
  return (
    <div className="grid gap-4">
      <section aria-label="Balance" className="rounded-2xl border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-bold text-slate-950">{first.owedPaise > 0 ? "You owe Mates" : "Mates owes you"}</h2>
        <p className="text-3xl font-extrabold tracking-tight text-slate-950">
          {formatPaise(first.owedPaise > 0 ? first.owedPaise : first.balancePaise)}
        </p>
        <p className="text-sm text-slate-600">
          {first.owedPaise > 0
            ? "It is taken from your next payouts, or pay it to Mates by UPI."
            : "Paid out each week, once Mates has checked the week before."}
        </p>
      </section>
      <section aria-label="Week so far" className="rounded-2xl border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-bold text-slate-950">Week so far</h2>
        <p className="text-sm text-slate-600">{rangeOf(first.thisWeek.totals.week)}</p>
        <Totals totals={first.thisWeek.totals} />
        <WeekLines detail={first.thisWeek} />
      </section>
      <section aria-label="Past weeks" className="grid gap-2">
        <h2 className="text-lg font-bold text-slate-950">Past weeks</h2>
        {past.length === 0 && <p className="text-sm text-slate-600">No money in the weeks before.</p>}
        <ul className="grid gap-2">
          {past.map((totals) => (
            <PastWeek key={totals.week} totals={totals} />
          ))}
        </ul>
        {weeks.hasNextPage && (
          <button
            type="button"
            onClick={() => void weeks.fetchNextPage()}
            disabled={weeks.isFetchingNextPage}
            className="rounded-xl border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-900"
          >
            Older weeks
          </button>
        )}
      </section>
      <section aria-label="Tax statements" className="rounded-2xl border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-bold text-slate-950">Tax statements</h2>
        <TdsLinks thisWeek={first.thisWeek.totals.week} />
      </section>
    </div>
  );
}
