import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { type CommissionRate, commissionRateResponseSchema, commissionRatesSchema } from "#domain/mate-money.ts";
import { formatBp, percentToBp } from "#domain/payouts.ts";
import { apiGet, apiSend } from "#web/lib/api-client.ts";
import { appQueryClient, rereadQueries } from "#web/lib/query-client.ts";
import { buttonClass, inputClass, Loaded, Outcome, quietButtonClass, Section } from "./ops-ui.tsx";

const KEY = ["ops", "commission-rates"] as const;

function useCommissionRates() {
  return useQuery(
    {
      queryKey: KEY,
      queryFn: ({ signal }) => apiGet("/api/ops/commission-rates", commissionRatesSchema, { signal }),
      select: (body) => body.rates,
    },
    appQueryClient,
  );
}

function useSetRate(service: string) {
  return useMutation(
    {
      mutationFn: (percent: string | null) =>
        apiSend(
          "PUT",
          `/api/ops/commission-rates/${encodeURIComponent(service)}`,
          { percent },
          commissionRateResponseSchema,
        ),
      onSuccess: () => rereadQueries(KEY),
    },
    appQueryClient,
  );
}

/** One service's row: the rate that applies, and a form to set its own or go back to the group's. */
function RateRow({ rate }: { rate: CommissionRate }) {
  const change = useSetRate(rate.service);
  const [percent, setPercent] = useState("");
  const [problem, setProblem] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (percentToBp(percent) === undefined) {
      setProblem("A rate is a percentage from 0 to 100, like 20 or 17.5.");
      return;
    }
    setProblem(undefined);
    change.mutate(percent.trim(), { onSuccess: () => setPercent("") });
  };
  const inputId = `commission-${rate.service}`;
  return (
    <li aria-label={rate.title} className="py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold text-slate-900">{rate.title}</span>
        <span className="text-sm text-slate-700">{rate.group}</span>
        <span className="font-bold text-slate-950">{formatBp(rate.bp)}</span>
        <span className="text-sm text-slate-600">
          {rate.ownBp === null ? "the group's rate" : `own rate (the group's is ${formatBp(rate.groupBp)})`}
        </span>
      </div>
      <form onSubmit={submit} noValidate className="mt-2 flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor={inputId}>
          New commission for {rate.title}, in %
        </label>
        <input
          id={inputId}
          className={inputClass}
          inputMode="decimal"
          placeholder="%"
          value={percent}
          onChange={(event) => setPercent(event.target.value)}
        />
        <button type="submit" className={buttonClass} disabled={change.isPending}>
          Set rate
        </button>
        {rate.ownBp !== null ? (
          <button
            type="button"
            className={quietButtonClass}
            disabled={change.isPending}
            onClick={() => change.mutate(null)}
          >
            Use the group's rate
          </button>
        ) : null}
      </form>
      {problem ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {problem}
        </p>
      ) : (
        <Outcome error={change.error} done={change.isSuccess ? "Saved: jobs booked from now on take it." : undefined} />
      )}
    </li>
  );
}

/**
 * Mates' commission on each service (issue 39): its group's setting unless an operator set its own.
 * A change is audited and applies to jobs booked after it; jobs booked before keep their rate.
 */
export function CommissionView() {
  const rates = useCommissionRates();
  return (
    <Section title="Commission">
      <p className="text-sm text-slate-700">
        A change applies to jobs booked from then on; jobs already booked keep the rate they were booked with.
      </p>
      <Loaded query={rates} what="The commission rates">
        {(list) => (
          <ol aria-label="Commission by service" className="divide-y divide-slate-200">
            {list.map((rate) => (
              <RateRow key={rate.service} rate={rate} />
            ))}
          </ol>
        )}
      </Loaded>
    </Section>
  );
}
