import { FileText, RotateCcw } from "lucide-react";
import { Link } from "react-router";
import type { Booking } from "#domain/booking.ts";
import { lazyDateFormats } from "#domain/date-format.ts";
import { formatPaise } from "#domain/payments.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { paymentsMessages } from "./payments-messages.ts";

const day = lazyDateFormats({ day: "numeric", month: "short", timeZone: "Asia/Kolkata" });

/** What a booking's money came to: paid online, refunds with their references, tax invoices. */
export function BookingMoney({ booking }: { booking: Booking }) {
  const t = useT(paymentsMessages);
  const { paidPaise, refunds, invoices } = booking.payment;
  if (paidPaise === 0 && refunds.length === 0 && invoices.length === 0) return null;
  const titleOf = (service: string) => booking.jobs.find((job) => job.service === service)?.serviceTitle ?? service;
  return (
    <section aria-label={t("payments")} className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4 text-sm">
      {paidPaise > 0 ? (
        <p className="font-semibold text-brand-900">{t("paidOnline", { amount: formatPaise(paidPaise) })}</p>
      ) : null}
      {refunds.map((refund) => (
        <p key={`${refund.at}/${refund.amountPaise}`} className="flex items-start gap-2 text-slate-800">
          <RotateCcw className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {t(
              refund.status === "processed"
                ? "refundProcessed"
                : refund.status === "failed"
                  ? "refundFailed"
                  : "refundStarted",
              { amount: formatPaise(refund.amountPaise), day: day(activeLocale()).format(new Date(refund.at)) },
            )}
            {refund.reference ? t("reference", { reference: refund.reference }) : ""}
          </span>
        </p>
      ))}
      {invoices.length > 0 ? (
        <ul className="space-y-1">
          {invoices.map((invoice) => (
            <li key={invoice.number}>
              <Link
                to={`/invoice/${invoice.slug}`}
                className="inline-flex items-center gap-2 font-semibold text-brand-800 underline"
              >
                <FileText className="size-4" aria-hidden="true" />
                {t("taxInvoice", { number: invoice.number })}
                {booking.jobs.length > 1 ? ` · ${titleOf(invoice.service)}` : ""}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
