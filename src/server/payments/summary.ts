import { asc, inArray } from "drizzle-orm";
import type { Booking } from "#domain/booking.ts";
import { invoiceSlug } from "#domain/invoice.ts";
import { type BookingPayment, jobBalancePaise, type PaymentPurpose, paise } from "#domain/payments.ts";
import type { Database } from "#server/db/client.ts";
import { invoices, payments, refunds } from "./schema.ts";

/**
 * What a booking owes and has paid online, computed from its rows: read by the booking's presenter
 * and by the checkout that makes an order for what is due. Amounts in paise.
 */
export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

/** A payment that counts as made: Razorpay authorised it (Checkout's signature or a webhook said so). */
export const isPaid = (row: Pick<PaymentRow, "status">) => row.status === "authorized" || row.status === "captured";

type BookingLike = {
  id: string;
  status: string;
  payBy: Date | null;
  totalRupees: number;
  /** Mates credit spent on it (record 058): taken off what is due, never below nothing. */
  creditRupees?: number;
  items: Booking["items"];
};
type JobLike = { id: string; service: string; status: string };
type ExtraLike = { jobId: string; priceRupees: number; status: string };

export type Due = { purpose: PaymentPurpose; amountPaise: number; jobIds: string[] };

/**
 * What can be paid online now: a held "Pay now" booking's total less its Mates credit, or after
 * the work the balance of every completed job that no payment covers yet (less the credit not used
 * up front). Nothing while the booking is cancelled.
 */
export function dueOf(
  booking: BookingLike,
  jobRows: readonly JobLike[],
  extraRows: readonly ExtraLike[],
  paymentRows: readonly PaymentRow[],
): Due | undefined {
  if (booking.status === "cancelled") return undefined;
  const paid = paymentRows.filter(isPaid);
  const prepaid = paid.some((row) => row.purpose === "booking");
  const upFront = booking.totalRupees - (booking.creditRupees ?? 0);
  if (booking.payBy && !prepaid && upFront > 0) return { purpose: "booking", amountPaise: paise(upFront), jobIds: [] };
  const covered = new Set(paid.filter((row) => row.purpose === "bill").flatMap((row) => row.jobIds));
  const owing = jobRows
    .filter((job) => job.status === "completed" && !covered.has(job.id))
    .map((job) => ({ id: job.id, balance: jobBalancePaise(booking, job, extraRows, prepaid) }))
    .filter((job) => job.balance > 0);
  if (owing.length === 0) return undefined;
  return {
    purpose: "bill",
    amountPaise: owing.reduce((sum, job) => sum + job.balance, 0),
    jobIds: owing.map((job) => job.id).sort(),
  };
}

/** The payment rows of a page of bookings: three queries whatever the page's length. */
export async function loadPaymentRows(db: Pick<Database, "select">, bookingIds: string[]) {
  if (bookingIds.length === 0) {
    return { paymentRows: [] as PaymentRow[], refundRows: [] as RefundRow[], invoiceRows: [] as InvoiceRow[] };
  }
  const [paymentRows, refundRows, invoiceRows] = await Promise.all([
    db.select().from(payments).where(inArray(payments.bookingId, bookingIds)).orderBy(asc(payments.createdAt)),
    db.select().from(refunds).where(inArray(refunds.bookingId, bookingIds)).orderBy(asc(refunds.createdAt)),
    db.select().from(invoices).where(inArray(invoices.bookingId, bookingIds)).orderBy(asc(invoices.sequence)),
  ]);
  return { paymentRows, refundRows, invoiceRows };
}

/** A booking's money as the customer reads it. */
export function paymentSummary(
  booking: BookingLike,
  jobRows: readonly JobLike[],
  extraRows: readonly ExtraLike[],
  rows: { paymentRows: readonly PaymentRow[]; refundRows: readonly RefundRow[]; invoiceRows: readonly InvoiceRow[] },
): BookingPayment {
  const own = rows.paymentRows.filter((row) => row.bookingId === booking.id);
  const due = dueOf(booking, jobRows, extraRows, own);
  const serviceOf = new Map(jobRows.map((job) => [job.id, job.service]));
  return {
    paidPaise: own.filter(isPaid).reduce((sum, row) => sum + row.amountPaise, 0),
    ...(booking.payBy && due?.purpose === "booking" ? { payBy: booking.payBy.toISOString() } : {}),
    duePaise: due?.amountPaise ?? 0,
    ...(due ? { dueFor: due.purpose } : {}),
    refunds: rows.refundRows
      .filter((row) => row.bookingId === booking.id)
      .map((row) => ({
        amountPaise: row.amountPaise,
        status: row.status as BookingPayment["refunds"][number]["status"],
        ...(row.reference ? { reference: row.reference } : {}),
        at: (row.processedAt ?? row.createdAt).toISOString(),
      })),
    invoices: rows.invoiceRows
      .filter((row) => row.bookingId === booking.id)
      .map((row) => ({
        number: row.number,
        slug: invoiceSlug(row.number),
        service: serviceOf.get(row.jobId) ?? "",
        issuedAt: row.issuedAt.toISOString(),
      })),
  };
}
