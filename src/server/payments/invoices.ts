import { eq, sql } from "drizzle-orm";
import { formatAddress } from "#domain/address.ts";
import { jobCreditRupees } from "#domain/credit.ts";
import {
  creditOnInvoice,
  financialYear,
  type Invoice,
  invoiceLines,
  invoiceNumber,
  numberOfSlug,
  placeOfSupply,
  type Seller,
  sacOf,
  supplyKindOf,
} from "#domain/invoice.ts";
import { paise } from "#domain/payments.ts";
import { users } from "#server/auth/schema.ts";
import type { BookingRow, JobRow } from "#server/bookings/schema.ts";
import { jobExtras } from "#server/bookings/schema.ts";
import type { Database, Tx } from "#server/db/client.ts";
import { notFound } from "#server/http/errors.ts";
import { invoiceSeries, invoices } from "./schema.ts";

/**
 * Tax invoices (decision record 032): one per paid job, issued in the transaction that marks the
 * job paid. The number is taken from the financial year's row of invoice_series under its row lock
 * (an upsert), so two payments at once wait for each other, a rolled-back payment gives its number
 * back, and the series has no gaps and no repeats. An issued invoice never changes (a trigger
 * refuses updates and deletes).
 */

/** Takes the next number of the year's series; the row stays locked until the transaction ends. */
async function nextSequence(tx: Tx, fy: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceSeries)
    .values({ financialYear: fy, last: 1 })
    .onConflictDoUpdate({ target: invoiceSeries.financialYear, set: { last: sql`${invoiceSeries.last} + 1` } })
    .returning({ last: invoiceSeries.last });
  if (!row) throw new Error("the invoice series returned nothing");
  return row.last;
}

/**
 * Issues the invoice of a job that has just been paid, unless it has one or its bill is nothing
 * (a free site visit). The caller holds the booking's lock.
 */
export async function issueInvoice(
  tx: Tx,
  seller: Seller,
  booking: BookingRow,
  job: JobRow,
  paidBy: string,
  now: Date,
): Promise<string | undefined> {
  const [existing] = await tx.select({ number: invoices.number }).from(invoices).where(eq(invoices.jobId, job.id));
  if (existing) return existing.number;
  const extras = await tx.select().from(jobExtras).where(eq(jobExtras.jobId, job.id));
  const approved = extras.filter((extra) => extra.status === "approved");
  const [buyer] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, booking.userId));
  const items = booking.items.filter((item) => item.service === job.service);
  const lines = [
    ...items
      .filter((item) => item.lineTotalRupees > 0)
      .map((item) => ({
        description: `${item.serviceTitle} · ${item.optionLabel}`,
        sac: sacOf(item.service, item.group),
        quantity: item.quantity,
        totalPaise: paise(item.lineTotalRupees),
      })),
    ...approved.map((extra) => ({
      description: `Extra work: ${extra.description}`,
      sac: sacOf(job.service, items[0]?.group ?? ""),
      quantity: 1,
      totalPaise: paise(extra.priceRupees),
    })),
  ];
  if (lines.length === 0) return undefined;
  const fy = financialYear(now);
  const sequence = await nextSequence(tx, fy);
  const number = invoiceNumber(fy, sequence);
  // Booked for a business: its GSTIN may decide the place of supply (decision record 053).
  const business = booking.business ?? undefined;
  const supply = placeOfSupply(supplyKindOf(job.service, items[0]?.group ?? ""), business?.gstin);
  const intraState = seller.stateCode === supply.code;
  const billed = invoiceLines(lines, intraState);
  const credit = creditOnInvoice(billed.totals.totalPaise, paise(jobCreditRupees(booking, job.service)));
  const content: Invoice = {
    number,
    issuedAt: now.toISOString(),
    bookingId: booking.id,
    seller,
    buyer: {
      name: buyer?.name ?? "",
      email: buyer?.email ?? "",
      address: formatAddress(booking.address),
      ...(business ? { gstin: business.gstin, legalName: business.legalName } : {}),
    },
    placeOfSupply: supply,
    intraState,
    ...billed,
    paidBy,
    ...credit,
  };
  await tx.insert(invoices).values({
    number,
    financialYear: fy,
    sequence,
    bookingId: booking.id,
    jobId: job.id,
    userId: booking.userId,
    issuedAt: now,
    content,
  });
  return number;
}

/** A customer's own invoice by its number; anyone else's is a 404. */
export async function customerInvoice(db: Pick<Database, "select">, userId: string, slug: string): Promise<Invoice> {
  const number = numberOfSlug(slug);
  const [row] = number ? await db.select().from(invoices).where(eq(invoices.number, number)) : [];
  if (!row || row.userId !== userId) throw notFound("There is no such invoice among yours.");
  return row.content;
}
