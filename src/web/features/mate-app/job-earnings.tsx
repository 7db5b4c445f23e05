import type { MateJob } from "#domain/mate-app.ts";
import { formatPaise } from "#domain/payments.ts";
import { formatBp } from "#domain/payouts.ts";
import { Msg, useT } from "#web/i18n/use-t.tsx";
import { mateAppMessages } from "./mate-app-messages.ts";

/**
 * What the job earns the mate, shown before they do it (issue 39): the bill less Mates' commission
 * (the service's rate when booked) and TDS at their PAN status now; a tip comes on top, in full.
 */
export function JobEarnings({ job }: { job: MateJob }) {
  const t = useT(mateAppMessages);
  if (job.status === "cancelled") return null;
  const { netPaise, tdsBp } = job.earnings;
  return (
    <p data-testid="job-earnings" className="mt-1 text-slate-800">
      <Msg
        of={mateAppMessages}
        id="youEarn"
        values={{
          net: formatPaise(netPaise),
          commission: formatBp(job.commissionBp),
          tds: formatBp(tdsBp),
          tip: job.tipRupees > 0 ? t("tipInFull") : "",
        }}
        components={{ 0: <span className="font-bold text-slate-950" /> }}
      />
    </p>
  );
}
