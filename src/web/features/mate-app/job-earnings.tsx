import type { MateJob } from "#domain/mate-app.ts";
import { formatPaise } from "#domain/payments.ts";
import { formatBp } from "#domain/payouts.ts";

/**
 * What the job earns the mate, shown before they do it (issue 39): the bill less Mates' commission
 * (the service's rate when booked) and TDS at their PAN status now; a tip comes on top, in full.
 */
export function JobEarnings({ job }: { job: MateJob }) {
  if (job.status === "cancelled") return null;
  const { netPaise, tdsBp } = job.earnings;
  return (
    <p data-testid="job-earnings" className="mt-1 text-slate-800">
      You earn <span className="font-bold text-slate-950">{formatPaise(netPaise)}</span> (Mates' commission{" "}
      {formatBp(job.commissionBp)}, TDS {formatBp(tdsBp)}){job.tipRupees > 0 ? ", and the tip in full" : ""}
    </p>
  );
}
