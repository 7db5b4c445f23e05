import { Download, Printer } from "lucide-react";
import { lazyDateFormat } from "#domain/date-format.ts";
import type { Invoice } from "#domain/invoice.ts";
import { formatPaise } from "#domain/payments.ts";
import { ErrorState } from "#web/shell/error-state.tsx";
import { LoadingState } from "#web/shell/loading-state.tsx";
import { primaryActionClass } from "#web/shell/page-shell.tsx";
import { useInvoice } from "./payment-api.ts";

const issued = lazyDateFormat("en-IN", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

function Party({ title, lines }: { title: string; lines: string[] }) {
  return (
    <div>
      <h2 className="font-bold text-slate-950">{title}</h2>
      {lines.filter(Boolean).map((line, index) => (
        // Two lines may read the same (a proprietor's legal name is their own name).
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines are fixed for an issued invoice
        <p key={index} className="text-slate-800">
          {line}
        </p>
      ))}
    </div>
  );
}

function InvoiceDocument({ invoice, slug }: { invoice: Invoice; slug: string }) {
  const intra = invoice.intraState;
  const cell = "px-2 py-1.5 text-right tabular-nums";
  return (
    <article
      aria-label={`Tax invoice ${invoice.number}`}
      className="space-y-6 rounded-2xl border border-slate-200 bg-white p-6 print:border-0 print:p-0"
    >
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-2xl font-extrabold text-slate-950">Tax invoice</p>
          <p className="text-slate-700">
            Invoice number <span className="font-semibold text-slate-950">{invoice.number}</span>
          </p>
          <p className="text-slate-700">Date {issued.format(new Date(invoice.issuedAt))}</p>
        </div>
        <div className="flex gap-2 print:hidden">
          <button type="button" className={primaryActionClass} onClick={() => window.print()}>
            <Printer className="size-5" aria-hidden="true" />
            Print
          </button>
          <a
            href={`/api/invoices/${encodeURIComponent(slug)}/pdf`}
            download
            className="inline-flex items-center gap-2 rounded-xl border border-slate-300 px-5 py-3 font-semibold text-slate-900 hover:bg-slate-50"
          >
            <Download className="size-5" aria-hidden="true" />
            Download PDF
          </a>
        </div>
      </header>
      <div className="grid gap-6 sm:grid-cols-2">
        <Party
          title="Seller"
          lines={[
            invoice.seller.legalName,
            invoice.seller.address,
            invoice.seller.gstin ? `GSTIN ${invoice.seller.gstin}` : "",
            `State ${invoice.seller.state} (${invoice.seller.stateCode})`,
          ]}
        />
        <Party
          title="Billed to"
          lines={[
            invoice.buyer.legalName ?? "",
            invoice.buyer.gstin ? `GSTIN ${invoice.buyer.gstin}` : "",
            invoice.buyer.name,
            invoice.buyer.email,
            invoice.buyer.address,
            `Place of supply ${invoice.placeOfSupply.state} (${invoice.placeOfSupply.code})`,
          ]}
        />
      </div>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[36rem] text-sm">
          <thead>
            <tr className="border-b border-slate-300 text-left text-slate-700">
              <th className="px-2 py-1.5">Description</th>
              <th className="px-2 py-1.5">SAC</th>
              <th className={cell}>Qty</th>
              <th className={cell}>Taxable value</th>
              {intra ? (
                <>
                  <th className={cell}>CGST 9%</th>
                  <th className={cell}>SGST 9%</th>
                </>
              ) : (
                <th className={cell}>IGST 18%</th>
              )}
              <th className={cell}>Total</th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line) => (
              <tr key={line.description} className="border-b border-slate-100">
                <td className="px-2 py-1.5">{line.description}</td>
                <td className="px-2 py-1.5">{line.sac}</td>
                <td className={cell}>{line.quantity}</td>
                <td className={cell}>{formatPaise(line.taxablePaise)}</td>
                {intra ? (
                  <>
                    <td className={cell}>{formatPaise(line.cgstPaise)}</td>
                    <td className={cell}>{formatPaise(line.sgstPaise)}</td>
                  </>
                ) : (
                  <td className={cell}>{formatPaise(line.igstPaise)}</td>
                )}
                <td className={cell}>{formatPaise(line.totalPaise)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-bold text-slate-950">
              <td className="px-2 py-1.5" colSpan={3}>
                Total
              </td>
              <td className={cell}>{formatPaise(invoice.totals.taxablePaise)}</td>
              {intra ? (
                <>
                  <td className={cell}>{formatPaise(invoice.totals.cgstPaise)}</td>
                  <td className={cell}>{formatPaise(invoice.totals.sgstPaise)}</td>
                </>
              ) : (
                <td className={cell}>{formatPaise(invoice.totals.igstPaise)}</td>
              )}
              <td className={cell} data-testid="invoice-total">
                {formatPaise(invoice.totals.totalPaise)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="text-slate-800">
        Amount in words: <span className="font-semibold">{invoice.totalInWords}</span>
      </p>
      {invoice.creditPaise ? (
        <>
          <p className="text-slate-800">
            Paid with Mates credit: <span data-testid="invoice-credit">{formatPaise(invoice.creditPaise)}</span>
          </p>
          <p className="font-semibold text-slate-950">
            Amount after credit:{" "}
            <span data-testid="invoice-after-credit">{formatPaise(invoice.afterCreditPaise ?? 0)}</span>
          </p>
        </>
      ) : null}
      <p className="text-slate-800">Paid: {invoice.paidBy}</p>
      <p className="text-xs text-slate-600">
        Prices include GST. This is a computer-generated invoice and needs no signature.
      </p>
    </article>
  );
}

/** A customer's tax invoice, printable, with its PDF. */
export function InvoiceView({ slug }: { slug: string }) {
  const invoice = useInvoice(slug);
  if (invoice.isPending) return <LoadingState />;
  if (invoice.isError) {
    return (
      <ErrorState
        title="This invoice could not be loaded."
        message={invoice.error.message}
        onRetry={() => void invoice.refetch()}
      />
    );
  }
  return <InvoiceDocument invoice={invoice.data} slug={slug} />;
}
