import PDFDocument from "pdfkit";
import type { Invoice } from "#domain/invoice.ts";

/**
 * An invoice as a PDF (pdfkit, decision record 032), with the same content as the printable page.
 * The standard PDF fonts have no rupee sign, so amounts read "Rs. 1,234.00" here.
 */
const money = (paise: number) =>
  `Rs. ${new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(paise / 100)}`;

const dateOf = (iso: string) =>
  new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Kolkata" }).format(
    new Date(iso),
  );

export function invoicePdf(invoice: Invoice): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: 48,
    info: { Title: `Tax invoice ${invoice.number}`, Author: invoice.seller.legalName, Subject: "Tax invoice" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  doc.font("Helvetica-Bold").fontSize(18).text("Tax invoice");
  doc.moveDown(0.3).font("Helvetica").fontSize(10);
  doc.text(`Invoice number: ${invoice.number}`);
  doc.text(`Date: ${dateOf(invoice.issuedAt)}`);
  doc.text(`Booking: ${invoice.bookingId}`);
  doc.moveDown();

  const top = doc.y;
  doc.font("Helvetica-Bold").text("Seller", 48, top);
  doc.font("Helvetica").text(invoice.seller.legalName).text(invoice.seller.address);
  if (invoice.seller.gstin) doc.text(`GSTIN: ${invoice.seller.gstin}`);
  doc.text(`State: ${invoice.seller.state} (${invoice.seller.stateCode})`);
  const sellerBottom = doc.y;
  doc.font("Helvetica-Bold").text("Billed to", 320, top);
  if (invoice.buyer.legalName) doc.font("Helvetica-Bold").text(invoice.buyer.legalName, 320);
  if (invoice.buyer.gstin) doc.font("Helvetica").text(`GSTIN: ${invoice.buyer.gstin}`, 320);
  doc.font("Helvetica").text(invoice.buyer.name, 320).text(invoice.buyer.email, 320).text(invoice.buyer.address, 320);
  doc.text(`Place of supply: ${invoice.placeOfSupply.state} (${invoice.placeOfSupply.code})`, 320);
  doc.y = Math.max(sellerBottom, doc.y) + 16;

  const columns = invoice.intraState
    ? ["Description", "SAC", "Qty", "Taxable", "CGST 9%", "SGST 9%", "Total"]
    : ["Description", "SAC", "Qty", "Taxable", "IGST 18%", "Total"];
  const widths = invoice.intraState ? [170, 40, 30, 70, 60, 60, 70] : [200, 45, 35, 80, 70, 70];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    let x = 48;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica");
    let height = 0;
    cells.forEach((cell, i) => {
      const width = widths[i] ?? 60;
      doc.text(cell, x, y, { width: width - 6, align: i >= 2 ? "right" : "left" });
      height = Math.max(height, doc.y - y);
      x += width;
    });
    doc.y = y + height + 4;
  };
  row(columns, true);
  for (const line of invoice.lines) {
    const tax = invoice.intraState ? [money(line.cgstPaise), money(line.sgstPaise)] : [money(line.igstPaise)];
    row([line.description, line.sac, String(line.quantity), money(line.taxablePaise), ...tax, money(line.totalPaise)]);
  }
  const totals = invoice.totals;
  const taxTotals = invoice.intraState ? [money(totals.cgstPaise), money(totals.sgstPaise)] : [money(totals.igstPaise)];
  row(["Total", "", "", money(totals.taxablePaise), ...taxTotals, money(totals.totalPaise)], true);

  doc.moveDown().font("Helvetica").text(`Amount in words: ${invoice.totalInWords}`, 48);
  // Credit is a means of payment (record 058): the supply and its tax above are unchanged.
  if (invoice.creditPaise) {
    doc.text(`Paid with Mates credit: ${money(invoice.creditPaise)}`);
    doc.font("Helvetica-Bold").text(`Amount after credit: ${money(invoice.afterCreditPaise ?? 0)}`);
    doc.font("Helvetica");
  }
  doc.text(`Paid: ${invoice.paidBy}`);
  doc.moveDown().fontSize(8).text("Prices include GST. This is a computer-generated invoice and needs no signature.");
  doc.end();
  return done;
}
