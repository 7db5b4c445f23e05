import { formatRupees } from "#domain/catalogue.ts";
import type { MateJob } from "#domain/mate-app.ts";
import { Bill } from "#web/features/booking/public.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { METHOD_KEY } from "./job-words.ts";
import { mateAppMessages } from "./mate-app-messages.ts";

/** The job's bill as the mate sees it: booked lines, approved extras, the tip and what to collect. */
export function JobBill({ job }: { job: MateJob }) {
  const t = useT(mateAppMessages);
  return (
    <Bill
      label={t("bill")}
      title={t("bill")}
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
          <span>{t("tip")}</span>
          <span>{formatRupees(job.tipRupees)}</span>
        </p>
      ) : null}
      {job.creditRupees > 0 ? (
        <p className="mt-1 flex justify-between text-sm text-slate-700">
          <span>{t("credit")}</span>
          <span data-testid="job-credit">{formatRupees(job.creditRupees)}</span>
        </p>
      ) : null}
      <p className="mt-2 flex justify-between border-t border-slate-200 pt-2 font-bold text-slate-950">
        <span>
          {job.collectedMethod === "online" ? t("paidOnline") : job.status === "paid" ? t("collected") : t("toCollect")}
        </span>
        <span>
          {formatRupees(job.collectedRupees ?? job.toCollectRupees)}
          {job.collectedMethod && job.collectedMethod !== "online"
            ? t("byMethod", { method: t(METHOD_KEY[job.collectedMethod]) })
            : ""}
        </span>
      </p>
    </Bill>
  );
}
