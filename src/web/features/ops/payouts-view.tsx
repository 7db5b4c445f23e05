import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatPaise } from "#domain/payments.ts";
import {
  type PayoutRun,
  type PayoutRunDetail,
  payoutRunListSchema,
  payoutRunResponseSchema,
  retriedPayoutSchema,
  type Settlement,
} from "#domain/payout-runs.ts";
import { addDays, weekOf } from "#domain/payouts.ts";
import { apiGet, apiSend } from "#web/lib/api-client.ts";
import { appQueryClient } from "#web/lib/query-client.ts";
import { buttonClass, formatWhen, Loaded, Outcome, quietButtonClass, ReasonDialog, Section } from "./ops-ui.tsx";

/**
 * /ops/payouts (record 065): the weekly payout runs. An operator opens a run, reads each mate's
 * week (jobs, gross, commission, TDS, tips, collected, adjustments, balance), approves a draft
 * after a confirmation, then follows each payout's state and UTR and retries a failed one.
 */

const keys = { runs: ["payout-runs"] as const, run: (id: string) => ["payout-runs", id] as const };

const useRuns = () =>
  useQuery(
    {
      queryKey: keys.runs,
      queryFn: ({ signal }) => apiGet("/api/ops/payout-runs", payoutRunListSchema, { signal }).then((b) => b.runs),
    },
    appQueryClient,
  );

const useRun = (id: string) =>
  useQuery(
    {
      queryKey: keys.run(id),
      queryFn: ({ signal }) => apiGet(`/api/ops/payout-runs/${id}`, payoutRunResponseSchema, { signal }),
      enabled: id !== "",
    },
    appQueryClient,
  );

const refresh = (id: string) => appQueryClient.invalidateQueries({ queryKey: keys.run(id) });

const STATUS_TEXT: Record<Settlement["status"], string> = {
  payable: "To pay",
  carried: "Owes Mates: carried",
  held: "Held: new destination",
  no_destination: "No destination",
  paid: "Paid",
  returned: "Returned",
};

const RUN_TEXT: Record<PayoutRun["status"], string> = { draft: "Draft", approved: "Approved", done: "Done" };

/** "16 Nov 2026": a week by its Monday. */
const weekText = (monday: string) =>
  new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${monday}T00:00:00Z`));

export function PayoutsView() {
  const runs = useRuns();
  const [open, setOpen] = useState("");
  return (
    <div className="space-y-4">
      <Section title="Payout runs" actions={<MakeRun onMade={setOpen} />}>
        <Loaded query={runs} what="The payout runs">
          {(list) =>
            list.length === 0 ? (
              <p className="text-slate-700">No payout runs yet: the first is made on the next payout day.</p>
            ) : (
              <ol aria-label="Payout runs" className="divide-y divide-slate-200">
                {list.map((run) => (
                  <li key={run.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                    <button
                      type="button"
                      className="font-semibold text-brand-900 underline"
                      aria-pressed={open === run.id}
                      onClick={() => setOpen(run.id)}
                    >
                      Week of {weekText(run.week)}
                    </button>
                    <span className="text-sm text-slate-700">{RUN_TEXT[run.status]}</span>
                    <span className="text-sm text-slate-700">
                      {run.payable} of {run.mates} mates paid, {formatPaise(run.totalPaise)}
                    </span>
                  </li>
                ))}
              </ol>
            )
          }
        </Loaded>
      </Section>
      {open ? <RunView key={open} id={open} /> : null}
    </div>
  );
}

/**
 * Makes a run now: last week's (if the payout day's job has not yet), or this week's so far (it
 * then settles up to now, and next week's run takes what comes after).
 */
function MakeRun({ onMade }: { onMade: (id: string) => void }) {
  const make = useMutation(
    {
      mutationFn: (week: string) => apiSend("POST", "/api/ops/payout-runs", { week }, payoutRunResponseSchema),
      onSuccess: (answer) => {
        appQueryClient.setQueryData(keys.run(answer.run.id), answer);
        void appQueryClient.invalidateQueries({ queryKey: keys.runs, exact: true });
        onMade(answer.run.id);
      },
    },
    appQueryClient,
  );
  const thisWeek = weekOf(new Date());
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className={quietButtonClass}
        disabled={make.isPending}
        onClick={() => make.mutate(addDays(thisWeek, -7))}
      >
        Make last week's run
      </button>
      <button type="button" className={buttonClass} disabled={make.isPending} onClick={() => make.mutate(thisWeek)}>
        Settle this week so far
      </button>
      <p className="w-full text-sm text-slate-700">
        This week so far settles up to now; what comes later goes to next week's run.
      </p>
      <Outcome error={make.error} />
    </div>
  );
}

function RunView({ id }: { id: string }) {
  const run = useRun(id);
  return (
    <Loaded query={run} what="The payout run">
      {(detail) => <RunTable detail={detail} />}
    </Loaded>
  );
}

const cell = "px-2 py-1.5 text-right tabular-nums";

function RunTable({ detail }: { detail: PayoutRunDetail }) {
  const { run, settlements } = detail;
  const approve = useMutation(
    {
      mutationFn: () => apiSend("POST", `/api/ops/payout-runs/${run.id}/approve`, {}, payoutRunResponseSchema),
      onSuccess: (answer) => {
        appQueryClient.setQueryData(keys.run(run.id), answer);
        void appQueryClient.invalidateQueries({ queryKey: keys.runs, exact: true });
      },
    },
    appQueryClient,
  );
  return (
    <Section
      title={`Week of ${weekText(run.week)}: ${RUN_TEXT[run.status]}`}
      actions={
        run.status === "draft" && run.payable > 0 ? (
          <ReasonDialog
            trigger="Approve"
            title="Approve this run?"
            description={`${formatPaise(run.totalPaise)} goes to ${mates(run.payable)} through RazorpayX. This cannot be undone.`}
            confirm="Approve and pay"
            cancel="Not yet"
            danger={false}
            askReason={false}
            onConfirm={() => approve.mutateAsync()}
          />
        ) : null
      }
    >
      <p className="text-sm text-slate-700">
        Made {formatWhen(run.createdAt)}
        {run.approvedAt ? `, approved ${formatWhen(run.approvedAt)}` : ""}. Pays {run.payable} of {run.mates} mates,{" "}
        {formatPaise(run.totalPaise)} in all.
      </p>
      <Outcome error={approve.error} />
      {settlements.length === 0 ? (
        <p className="mt-2 text-slate-700">No mate had money moving that week.</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full min-w-[36rem] text-sm">
            <thead>
              <tr className="border-b border-slate-300 text-left text-slate-700">
                <th className="px-2 py-1.5">Mate</th>
                <th className={cell}>Jobs</th>
                <th className={cell}>Gross</th>
                <th className={cell}>Commission</th>
                <th className={cell}>TDS</th>
                <th className={cell}>Tips</th>
                <th className={cell}>Collected</th>
                <th className={cell}>Adjustments</th>
                <th className={cell}>Balance</th>
                <th className={cell}>Pays</th>
                <th className="px-2 py-1.5">State</th>
              </tr>
            </thead>
            <tbody>
              {settlements.map((s) => (
                <tr key={s.id} className="border-b border-slate-100">
                  <td className="px-2 py-1.5">{s.name}</td>
                  <td className={cell}>{s.jobs}</td>
                  <td className={cell}>{formatPaise(s.grossPaise)}</td>
                  <td className={cell}>{formatPaise(s.commissionPaise)}</td>
                  <td className={cell}>{formatPaise(s.tdsPaise)}</td>
                  <td className={cell}>{formatPaise(s.tipsPaise)}</td>
                  <td className={cell}>{formatPaise(s.collectedPaise)}</td>
                  <td className={cell}>{signed(s.adjustmentsPaise)}</td>
                  <td className={cell}>{signed(s.balancePaise)}</td>
                  <td className={cell}>{formatPaise(s.amountPaise)}</td>
                  <td className="px-2 py-1.5">
                    <PayoutState runId={run.id} settlement={s} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

/** "1 mate", "2 mates". */
const mates = (count: number) => `${count} ${count === 1 ? "mate" : "mates"}`;

/** "−₹151" for an amount below zero. */
const signed = (paise: number) => (paise < 0 ? `−${formatPaise(-paise)}` : formatPaise(paise));

function PayoutState({ runId, settlement }: { runId: string; settlement: Settlement }) {
  const { payout } = settlement;
  const retry = useMutation(
    {
      mutationFn: (payoutId: string) => apiSend("POST", `/api/ops/payouts/${payoutId}/retry`, {}, retriedPayoutSchema),
      onSettled: () => refresh(runId),
    },
    appQueryClient,
  );
  if (!payout) return <span>{STATUS_TEXT[settlement.status]}</span>;
  return (
    <div>
      <span className="font-semibold">{payout.status}</span>
      {payout.attempt > 1 ? <span className="text-slate-700"> (try {payout.attempt})</span> : null}
      {payout.utr ? <span className="block text-slate-700">UTR {payout.utr}</span> : null}
      {payout.failureReason ? <span className="block text-red-800">{payout.failureReason}</span> : null}
      {payout.status === "failed" || payout.status === "reversed" ? (
        <button
          type="button"
          className={`${quietButtonClass} mt-1`}
          disabled={retry.isPending}
          onClick={() => retry.mutate(payout.id)}
        >
          {retry.isPending ? "Working…" : `Retry ${formatPaise(payout.amountPaise)}`}
        </button>
      ) : null}
      <Outcome error={retry.error} />
    </div>
  );
}
