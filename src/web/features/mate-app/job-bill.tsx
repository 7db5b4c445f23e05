import { formatRupees } from "#domain/catalogue.ts";
import type { CollectionMethod } from "#domain/job.ts";
import type { MateJob } from "#domain/mate-app.ts";
import { Bill } from "#web/features/booking/public.ts";

/** How the mate's screens name the ways of collecting a bill. */
export const METHOD_LABEL: Record<CollectionMethod, string> = { cash: "Cash", upi: "UPI" };

/** The job's bill as the mate sees it: booked lines, approved extras, the tip and what to collect. */
export function JobBill({ job }: { job: MateJob }) {
  return (
    <Bill
      label="Bill"
      title="Bill"
      level={2}
      lines={job.items.map((item) => ({
        key: item.optionLabel,
        text: `${item.optionLabel} × ${item.quantity}`,
        rupees: item.lineTotalRupees,
      }))}
      extras={job.extras}
    >
      {job.tipRupees > 0 ? (
        <p className="mt-1 flex justify-between text-sm text-slate-700">
          <span>Tip from the customer, all yours</span>
          <span>{formatRupees(job.tipRupees)}</span>
        </p>
      ) : null}
      {job.creditRupees > 0 ? (
        <p className="mt-1 flex justify-between text-sm text-slate-700">
          <span>Paid with the customer's Mates credit</span>
          <span data-testid="job-credit">{formatRupees(job.creditRupees)}</span>
        </p>
      ) : null}
      <p className="mt-2 flex justify-between border-t border-slate-200 pt-2 font-bold text-slate-950">
        <span>
          {job.collectedMethod === "online" ? "Paid online" : job.status === "paid" ? "Collected" : "To collect"}
        </span>
        <span>
          {formatRupees(job.collectedRupees ?? job.toCollectRupees)}
          {job.collectedMethod && job.collectedMethod !== "online" ? ` by ${METHOD_LABEL[job.collectedMethod]}` : ""}
        </span>
      </p>
    </Bill>
  );
}
