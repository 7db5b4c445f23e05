import { useQuery } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { type Finance, financeSchema } from "#domain/earnings.ts";
import { kolkataDay } from "#domain/kolkata-time.ts";
import { formatPaise } from "#domain/payments.ts";
import { quarterOf } from "#domain/payouts.ts";
import { apiGet } from "#web/lib/api-client.ts";
import { appQueryClient } from "#web/lib/query-client.ts";
import { formatWhen, inputClass, Loaded, Section } from "./ops-ui.tsx";

/**
 * The console's finance page (issue 39, record 066): what Mates earned, owes and holds, from the
 * ledger and the payout tables, and the CSV exports an accountant opens in Excel.
 */

function useFinance() {
  return useQuery(
    {
      queryKey: ["ops", "finance"],
      queryFn: ({ signal }) => apiGet("/api/ops/finance", financeSchema, { signal }),
      staleTime: 0,
    },
    appQueryClient,
  );
}

const money = (paise: number) => (paise < 0 ? `−${formatPaise(-paise)}` : formatPaise(paise));
const linkClass = "font-semibold text-brand-800 underline";

function Figures({ finance }: { finance: Finance }) {
  const rows: [string, number][] = [
    ["Commission this month", finance.commission.monthPaise],
    ["Commission this quarter", finance.commission.quarterPaise],
    ["Commission in all", finance.commission.allTimePaise],
    ["TDS payable", finance.tdsPayablePaise],
    ["Held for mates (owed to them)", finance.heldForMatesPaise],
    ["Owed by mates", finance.owedByMatesPaise],
    ["Payouts sent, not yet confirmed", finance.payoutsInFlightPaise],
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 text-slate-800">
      {rows.map(([label, paise]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd className="text-right font-semibold">{money(paise)}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

function Exports() {
  const today = kolkataDay(new Date());
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const here = quarterOf(new Date());
  const [year, setYear] = useState(here.financialYear);
  const [quarter, setQuarter] = useState(String(here.quarter));
  const range = `from=${from}&to=${to}`;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm font-semibold text-slate-800">
          From
          <input
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            className={`${inputClass} mt-1 block`}
          />
        </label>
        <label className="text-sm font-semibold text-slate-800">
          To
          <input
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            className={`${inputClass} mt-1 block`}
          />
        </label>
        <a className={linkClass} href={`/api/ops/finance/ledger.csv?${range}`}>
          Ledger (CSV)
        </a>
        <a className={linkClass} href={`/api/ops/finance/payouts.csv?${range}`}>
          Payouts (CSV)
        </a>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm font-semibold text-slate-800">
          Financial year
          <input value={year} onChange={(e) => setYear(e.target.value)} className={`${inputClass} mt-1 block w-40`} />
        </label>
        <label className="text-sm font-semibold text-slate-800">
          Quarter
          <select value={quarter} onChange={(e) => setQuarter(e.target.value)} className={`${inputClass} mt-1 block`}>
            {["1", "2", "3", "4"].map((q) => (
              <option key={q} value={q}>
                Q{q}
              </option>
            ))}
          </select>
        </label>
        <a className={linkClass} href={`/api/ops/finance/tds.csv?financialYear=${year}&quarter=${quarter}`}>
          TDS by mate, full PANs (CSV, audited)
        </a>
      </div>
    </div>
  );
}

export function FinanceView() {
  const finance = useFinance();
  return (
    <div className="grid gap-4">
      <Loaded query={finance} what="The finance figures">
        {(data) => (
          <>
            <Section title="Finance">
              <Figures finance={data} />
            </Section>
            <Section title="TDS by quarter">
              {data.tdsByQuarter.length === 0 && <p className="text-sm text-slate-600">No TDS deducted yet.</p>}
              <dl className="grid grid-cols-2 gap-2 text-slate-800">
                {data.tdsByQuarter.map((row) => (
                  <Fragment key={`${row.financialYear}${row.quarter}`}>
                    <dt>
                      {row.financialYear} Q{row.quarter}
                    </dt>
                    <dd className="text-right font-semibold">{money(row.paise)}</dd>
                  </Fragment>
                ))}
              </dl>
            </Section>
            <Section title="Payouts by state">
              {data.payoutsByState.length === 0 && <p className="text-sm text-slate-600">No payouts yet.</p>}
              <dl className="grid grid-cols-2 gap-2 text-slate-800">
                {data.payoutsByState.map((row) => (
                  <Fragment key={row.status}>
                    <dt>
                      {row.status} ({row.count})
                    </dt>
                    <dd className="text-right font-semibold">{money(row.paise)}</dd>
                  </Fragment>
                ))}
              </dl>
            </Section>
            <Section title="Reconciliation differences">
              {data.openDifferences.length === 0 && <p className="text-sm text-slate-600">None open.</p>}
              <ul className="grid gap-2 text-sm text-slate-800">
                {data.openDifferences.map((flag) => (
                  <li key={flag.id} className="rounded-xl border border-slate-200 p-3">
                    <p className="font-semibold text-slate-950">{flag.difference}</p>
                    <p>
                      Payout {flag.payoutId}: ours {flag.ours}, RazorpayX {flag.theirs} · found{" "}
                      {formatWhen(flag.foundAt)}
                    </p>
                  </li>
                ))}
              </ul>
            </Section>
          </>
        )}
      </Loaded>
      <Section title="Exports for the accountant">
        <Exports />
      </Section>
    </div>
  );
}
