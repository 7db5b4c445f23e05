import { FileText, RotateCcw } from "lucide-react";
import { Link } from "react-router";
import type { Booking } from "#domain/booking.ts";
import { lazyDateFormat } from "#domain/date-format.ts";
import { formatPaise } from "#domain/payments.ts";

const day = lazyDateFormat("en-IN", { day: "numeric", month: "short", timeZone: "Asia/Kolkata" });

/** What a booking's money came to: paid online, refunds with their references, tax invoices. */
export function BookingMoney({ booking }: { booking: Booking }) {
  const { paidPaise, refunds, invoices } = booking.payment;
  if (paidPaise === 0 && refunds.length === 0 && invoices.length === 0) return null;
  const titleOf = (service: string) => booking.jobs.find((job) => job.service === service)?.serviceTitle ?? service;
  return (
    <section aria-label="Payments" className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4 text-sm">
      {paidPaise > 0 ? <p className="font-semibold text-brand-900">Paid online: {formatPaise(paidPaise)}</p> : null}
      {refunds.map((refund) => (
        <p key={`${refund.at}/${refund.amountPaise}`} className="flex items-start gap-2 text-slate-800">
          <RotateCcw className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {refund.status === "processed"
              ? `Refund of ${formatPaise(refund.amountPaise)} processed on ${day.format(new Date(refund.at))}`
              : refund.status === "failed"
                ? `Refund of ${formatPaise(refund.amountPaise)} could not be sent: our team will call you`
                : `Refund of ${formatPaise(refund.amountPaise)} started: it reaches your account in 5 to 7 working days`}
            {refund.reference ? ` (reference ${refund.reference})` : ""}
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
                Tax invoice {invoice.number}
                {booking.jobs.length > 1 ? ` · ${titleOf(invoice.service)}` : ""}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
