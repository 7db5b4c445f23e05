import type { Booking } from "#domain/booking.ts";
import { formatRupees } from "#domain/catalogue.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { Bill } from "./bill.tsx";
import { progressMessages } from "./progress/progress-messages.ts";

/**
 * The bill once work has started: booked lines and approved extras, the tips, and the Mates credit
 * that pays part of it with what is left after it (record 058).
 */
export function BookingBill({ booking }: { booking: Booking }) {
  const t = useT(progressMessages);
  const paid = booking.jobs.filter((job) => job.collectedMethod);
  const toMate = [
    ...new Set(
      paid
        .filter((job) => job.collectedMethod !== "online")
        .map((job) => (job.collectedMethod === "upi" ? "UPI" : t("cash"))),
    ),
  ];
  const online = paid.some((job) => job.collectedMethod === "online");
  const tips = booking.jobs.reduce((sum, job) => sum + job.tipRupees, 0);
  return (
    <Bill
      label={t("yourBill")}
      title={t(booking.status === "completed" ? "finalBill" : "billSoFar")}
      level={3}
      lines={booking.items.map((item) => ({
        key: `${item.service}/${item.option}`,
        text: `${item.serviceTitle} · ${item.optionLabel} × ${item.quantity}`,
        rupees: item.lineTotalRupees,
      }))}
      extras={booking.jobs.flatMap((job) => job.extras)}
    >
      <p className="mt-2 flex justify-between border-t border-slate-200 pt-2 font-bold text-slate-950">
        <span>{t("totalGstIncluded")}</span>
        <span data-testid="bill-total">{formatRupees(booking.billRupees)}</span>
      </p>
      {tips > 0 ? (
        <>
          <p className="mt-1 flex justify-between gap-3 text-sm text-slate-700">
            <span>{t("yourTip")}</span>
            <span>{formatRupees(tips)}</span>
          </p>
          <p className="mt-1 flex justify-between gap-3 font-semibold text-slate-950">
            <span>{t("withTip")}</span>
            <span data-testid="bill-with-tip">{formatRupees(booking.billRupees + tips)}</span>
          </p>
        </>
      ) : null}
      {booking.creditRupees > 0 ? (
        <>
          <p className="mt-1 flex justify-between gap-3 text-sm text-slate-700">
            <span>{t("matesCredit")}</span>
            <span data-testid="bill-credit">−{formatRupees(booking.creditRupees)}</span>
          </p>
          <p className="mt-1 flex justify-between gap-3 font-semibold text-slate-950">
            <span>{t("afterCredit")}</span>
            <span data-testid="bill-after-credit">
              {formatRupees(Math.max(0, booking.billRupees + tips - booking.creditRupees))}
            </span>
          </p>
        </>
      ) : null}
      {paid.length > 0 ? (
        <p className="mt-1 text-sm text-brand-800">
          {[
            toMate.length > 0 ? t("paidToMateBy", { methods: toMate.join(` ${t("and")} `) }) : "",
            online ? t("paidOnline") : "",
          ]
            .filter(Boolean)
            .join("; ")}
        </p>
      ) : null}
    </Bill>
  );
}
