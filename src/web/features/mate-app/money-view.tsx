import { Fragment, useState } from "react";
import { formatCalendarDate } from "#domain/date-format.ts";
import type { EarningPayout, WeekDetail, WeekTotals } from "#domain/earnings.ts";
import type { Locale } from "#domain/i18n/locales.ts";
import { formatPaise } from "#domain/payments.ts";
import { addDays, quarterOf } from "#domain/payouts.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { ErrorState } from "#web/shell/error-state.tsx";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { useMateWeek, useMateWeeks } from "./earnings-api.ts";
import type { messages as moneyEn } from "./money/messages/en-IN.ts";
import { mateMoneyMessages } from "./money-messages.ts";

type MoneyKey = keyof typeof moneyEn;

/**
 * The mate's money (issue 39, record 066): the balance or what they owe, the week so far in full,
 * past weeks that open to their jobs, payouts with their state and UTR, and the statements.
 */

/** "₹1,234.50", "−₹200" for an amount in paise. */
const money = (paise: number) => (paise < 0 ? `−${formatPaise(-paise)}` : formatPaise(paise));
const dayOf = (iso: string, locale: Locale) => formatCalendarDate(iso.slice(0, 10), locale);
const rangeOf = (week: string, locale: Locale) =>
  `${formatCalendarDate(week, locale)} – ${formatCalendarDate(addDays(week, 6), locale)}`;

const PAYOUT_STATE: Record<EarningPayout["status"], MoneyKey> = {
  queued: "payoutQueued",
  pending: "payoutPending",
  processing: "payoutProcessing",
  processed: "payoutProcessed",
  reversed: "payoutReversed",
  failed: "payoutFailed",
  cancelled: "payoutCancelled",
  rejected: "payoutRejected",
};

function Totals({ totals }: { totals: WeekTotals }) {
  const t = useT(mateMoneyMessages);
  const rows: [string, number][] = [
    [t("gross"), totals.grossPaise],
    [t("commission"), -totals.commissionPaise],
    ["TDS", -totals.tdsPaise],
    [t("tips"), totals.tipsPaise],
    [t("collectedByYou"), -totals.collectedPaise],
    [t("adjustments"), totals.adjustmentsPaise],
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
      <dt className="font-bold">{t("earned")}</dt>
      <dd className="text-right font-bold">{money(totals.earnedPaise)}</dd>
      {totals.paidOutPaise !== 0 && (
        <>
          <dt>{t("paidOut")}</dt>
          <dd className="text-right font-semibold">{money(totals.paidOutPaise)}</dd>
        </>
      )}
    </dl>
  );
}

/** A week's jobs, adjustments and payouts. */
function WeekLines({ detail }: { detail: WeekDetail }) {
  const t = useT(mateMoneyMessages);
  const locale = activeLocale();
  return (
    <div className="mt-3 grid gap-3 text-sm text-slate-800">
      {detail.jobs.length > 0 && (
        <ul className="grid gap-2" aria-label={t("jobs")}>
          {detail.jobs.map((job) => (
            <li key={job.jobId} className="rounded-xl border border-slate-200 p-3">
              <p className="font-semibold text-slate-950">
                {job.service} · {dayOf(job.at, locale)}
              </p>
              <p>
                {t("jobLine", {
                  gross: money(job.grossPaise),
                  commission: money(job.commissionPaise),
                  tds: money(job.tdsPaise),
                })}
                {job.tipPaise > 0 && t("jobTip", { tip: money(job.tipPaise) })}
                {job.collectedPaise > 0 && t("jobCollected", { amount: money(job.collectedPaise) })}
              </p>
              <p className="font-semibold">{t("net", { amount: money(job.netPaise) })}</p>
            </li>
          ))}
        </ul>
      )}
      {detail.adjustments.length > 0 && (
        <ul className="grid gap-2" aria-label={t("adjustments")}>
          {detail.adjustments.map((item) => (
            <li key={`${item.at}${item.kind}`} className="rounded-xl border border-slate-200 p-3">
              <p className="font-semibold text-slate-950">
                {t(item.kind === "dues_paid" ? "duesPaid" : item.kind === "charged_to_mate" ? "charged" : "adjustment")}{" "}
                {money(item.amountPaise)}
              </p>
              {item.reason && <p>{item.reason}</p>}
            </li>
          ))}
        </ul>
      )}
      {detail.payouts.length > 0 && (
        <ul className="grid gap-2" aria-label={t("payouts")}>
          {detail.payouts.map((payout) => (
            <li key={payout.id} className="rounded-xl border border-slate-200 p-3">
              <p className="font-semibold text-slate-950">
                {t("payoutLine", { amount: money(payout.amountPaise), state: t(PAYOUT_STATE[payout.status]) })}
              </p>
              <p>
                {t("payoutBy", { date: dayOf(payout.createdAt, locale), mode: payout.mode })}
                {payout.utr && (
                  <>
                    {" · "}UTR {payout.utr}
                  </>
                )}
                {payout.failureReason && <> · {payout.failureReason}</>}
              </p>
            </li>
          ))}
        </ul>
      )}
      <a className="font-semibold text-brand-800 underline" href={`/api/mate/statements/${detail.totals.week}.pdf`}>
        {t("statement")}
      </a>
    </div>
  );
}

function PastWeek({ totals }: { totals: WeekTotals }) {
  const t = useT(mateMoneyMessages);
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
        <span className="font-bold text-slate-950">{rangeOf(totals.week, activeLocale())}</span>
        <span className="font-semibold text-slate-800">
          {t("weekJobs", { count: totals.jobs, amount: money(totals.earnedPaise) })}
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
  const t = useT(mateMoneyMessages);
  const weeks = useMateWeeks();
  if (weeks.isPending) return <LoadingState />;
  if (weeks.isError) {
    return <ErrorState title={t("moneyError")} message={weeks.error.message} onRetry={() => void weeks.refetch()} />;
  }
  const pages = weeks.data.pages;
  const first = pages[0];
  if (!first) return null;
  const past = pages.flatMap((page) => page.weeks);
  return (
    <div className="grid gap-4">
      <section aria-label={t("balance")} className="rounded-2xl border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-bold text-slate-950">{t(first.owedPaise > 0 ? "youOwe" : "matesOwes")}</h2>
        <p className="text-3xl font-extrabold tracking-tight text-slate-950">
          {formatPaise(first.owedPaise > 0 ? first.owedPaise : first.balancePaise)}
        </p>
        <p className="text-sm text-slate-600">{t(first.owedPaise > 0 ? "oweHow" : "paidWeekly")}</p>
      </section>
      <section aria-label={t("weekSoFar")} className="rounded-2xl border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-bold text-slate-950">{t("weekSoFar")}</h2>
        <p className="text-sm text-slate-600">{rangeOf(first.thisWeek.totals.week, activeLocale())}</p>
        <Totals totals={first.thisWeek.totals} />
        <WeekLines detail={first.thisWeek} />
      </section>
      <section aria-label={t("pastWeeks")} className="grid gap-2">
        <h2 className="text-lg font-bold text-slate-950">{t("pastWeeks")}</h2>
        {past.length === 0 && <p className="text-sm text-slate-600">{t("noPastWeeks")}</p>}
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
            {t("olderWeeks")}
          </button>
        )}
      </section>
      <section aria-label={t("taxStatements")} className="rounded-2xl border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-bold text-slate-950">{t("taxStatements")}</h2>
        <TdsLinks thisWeek={first.thisWeek.totals.week} />
      </section>
    </div>
  );
}
