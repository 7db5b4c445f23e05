import PDFDocument from "pdfkit";
import type { WeekDetail } from "#domain/earnings.ts";
import { rupeesText } from "#domain/earnings.ts";
import { groupIndian } from "#domain/indian-digits.ts";
import type { Seller } from "#domain/invoice.ts";
import { kolkataDay } from "#domain/kolkata-time.ts";
import { addDays, formatBp, maskPan, type PayoutSettings, quarterBounds, shareOf } from "#domain/payouts.ts";
import type { Database } from "#server/db/client.ts";
import { csvFile } from "./csv.ts";
import { entriesBetween, jobsOf } from "./mate-earnings.ts";

/*
 * A mate's statements (issue 39, record 066): the week's statement and the quarter's TDS statement,
 * made with pdfkit like the invoice (record 032). The standard PDF fonts have no rupee sign, so
 * amounts read "Rs. 1,234.00" in a PDF; the CSV carries plain rupees with two decimals.
 */

type Db = Pick<Database, "select">;

/** "Rs. 1,234.50" (Indian grouping, two decimals) from paise, by integer arithmetic. */
export function pdfMoney(paise: number): string {
  const whole = Math.abs(paise);
  return `${paise < 0 ? "-" : ""}Rs. ${groupIndian(Math.floor(whole / 100))}.${String(whole % 100).padStart(2, "0")}`;
}

const longDate = (day: string) =>
  new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** Makes a PDF with `draw` and returns its bytes. */
function pdf(info: { Title: string; Author: string }, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 48, info });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  draw(doc);
  doc.end();
  return done;
}

/** A table: a header row in bold, then rows; columns after the first `leftColumns` right-aligned. */
function table(doc: PDFKit.PDFDocument, widths: number[], header: string[], rows: string[][], leftColumns = 2) {
  const row = (cells: string[], bold: boolean) => {
    if (doc.y > 760) doc.addPage();
    const y = doc.y;
    let x = 48;
    let height = 0;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica");
    cells.forEach((cell, i) => {
      const width = widths[i] ?? 60;
      doc.text(cell, x, y, { width: width - 6, align: i >= leftColumns ? "right" : "left" });
      height = Math.max(height, doc.y - y);
      x += width;
    });
    doc.y = y + height + 3;
  };
  row(header, true);
  for (const cells of rows) row(cells, false);
  doc.x = 48;
}

/** The week's statement: its jobs, adjustments and payouts, the balance carried in and out. */
export function weekStatementPdf(detail: WeekDetail, mate: { id: string; name: string }, seller: Seller) {
  const week = detail.totals.week;
  const title = `Weekly statement ${week}`;
  return pdf({ Title: title, Author: seller.legalName }, (doc) => {
    doc.font("Helvetica-Bold").fontSize(16).text("Weekly earnings statement");
    doc.font("Helvetica").fontSize(9).moveDown(0.3);
    doc.text(`${seller.legalName}${seller.gstin ? `, GSTIN ${seller.gstin}` : ""}`);
    doc.text(`Mate: ${mate.name} (${mate.id})`);
    doc.text(`Week: ${longDate(week)} to ${longDate(addDays(week, 6))} (Monday to Sunday, India time)`);
    doc.moveDown();
    doc.font("Helvetica-Bold").text("Jobs");
    table(
      doc,
      [62, 120, 62, 62, 52, 50, 60, 62],
      ["Date", "Service", "Gross", "Commission", "TDS", "Tip", "Collected", "Net"],
      detail.jobs.map((job) => [
        kolkataDay(new Date(job.at)),
        job.service,
        pdfMoney(job.grossPaise),
        pdfMoney(job.commissionPaise),
        pdfMoney(job.tdsPaise),
        pdfMoney(job.tipPaise),
        pdfMoney(job.collectedPaise),
        pdfMoney(job.netPaise),
      ]),
    );
    if (detail.jobs.length === 0) doc.font("Helvetica").text("No jobs this week.");
    doc.moveDown();
    if (detail.adjustments.length > 0) {
      doc.font("Helvetica-Bold").text("Adjustments and charges");
      table(
        doc,
        [62, 300, 80],
        ["Date", "Reason", "Amount"],
        detail.adjustments.map((item) => [
          kolkataDay(new Date(item.at)),
          item.reason ?? item.kind,
          pdfMoney(item.amountPaise),
        ]),
      );
      doc.moveDown();
    }
    if (detail.payouts.length > 0) {
      doc.font("Helvetica-Bold").text("Payouts");
      table(
        doc,
        [62, 80, 80, 140, 80],
        ["Date", "Mode", "Status", "UTR", "Amount"],
        detail.payouts.map((payout) => [
          kolkataDay(new Date(payout.createdAt)),
          payout.mode,
          payout.status,
          payout.utr ?? "",
          pdfMoney(payout.amountPaise),
        ]),
        4,
      );
      doc.moveDown();
    }
    const t = detail.totals;
    doc.font("Helvetica-Bold").text("Summary");
    table(
      doc,
      [240, 100],
      ["", "Amount"],
      [
        ["Balance brought forward", pdfMoney(detail.openingPaise)],
        ["Gross earned", pdfMoney(t.grossPaise)],
        ["Commission", pdfMoney(-t.commissionPaise)],
        ["TDS", pdfMoney(-t.tdsPaise)],
        ["Tips", pdfMoney(t.tipsPaise)],
        ["Collected from customers", pdfMoney(-t.collectedPaise)],
        ["Adjustments and charges", pdfMoney(t.adjustmentsPaise)],
        ["Paid out", pdfMoney(-t.paidOutPaise)],
        [
          detail.closingPaise < 0 ? "You owe Mates" : "Balance carried forward",
          pdfMoney(Math.abs(detail.closingPaise)),
        ],
      ],
      1,
    );
    doc.moveDown().fontSize(8).text("A computer-generated statement; it needs no signature.");
  });
}

/** One job's TDS in a quarter. */
export type TdsRow = {
  day: string;
  month: string;
  jobId: string;
  service: string;
  grossPaise: number;
  tdsPaise: number;
  rate: string;
};

/** The rate a job's TDS was taken at: the mate's with or without a PAN, else as the figures say. */
export function tdsRateOf(
  grossPaise: number,
  tdsPaise: number,
  settings: Pick<PayoutSettings, "tdsBp" | "tdsNoPanBp">,
) {
  for (const bp of [settings.tdsBp, settings.tdsNoPanBp]) if (shareOf(grossPaise, bp) === tdsPaise) return formatBp(bp);
  return grossPaise > 0 ? formatBp(Math.round((tdsPaise * 10000) / grossPaise)) : "";
}

/** The quarter's jobs of a mate with the TDS deducted on each, oldest first. */
export async function tdsRows(
  db: Db,
  mateId: string,
  financialYear: string,
  quarter: 1 | 2 | 3 | 4,
  settings: PayoutSettings,
): Promise<TdsRow[]> {
  const { from, to } = quarterBounds(financialYear, quarter);
  const entries = await entriesBetween(db, mateId, from, to, ["service", "visiting_charge", "tds"]);
  return (await jobsOf(db, entries)).map((job) => {
    const day = kolkataDay(new Date(job.at));
    return {
      day,
      month: day.slice(0, 7),
      jobId: job.jobId,
      service: job.service,
      grossPaise: job.grossPaise,
      tdsPaise: job.tdsPaise,
      rate: tdsRateOf(job.grossPaise, job.tdsPaise, settings),
    };
  });
}

type TdsHead = { mate: { id: string; name: string; pan: string | null }; seller: Seller; label: string };

/** The quarter's TDS as CSV: one row per job, then a row per month and the quarter's total. */
export function tdsCsv(rows: TdsRow[], head: TdsHead): string {
  const pan = head.mate.pan ? maskPan(head.mate.pan) : "not given";
  const months = new Map<string, { gross: number; tds: number }>();
  for (const row of rows) {
    const month = months.get(row.month) ?? { gross: 0, tds: 0 };
    month.gross += row.grossPaise;
    month.tds += row.tdsPaise;
    months.set(row.month, month);
  }
  const sum = (pick: (row: TdsRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const common = [head.label, head.mate.name, pan, head.seller.legalName, head.seller.gstin];
  return csvFile(
    [
      "Quarter",
      "Mate",
      "PAN",
      "Deductor",
      "Deductor GSTIN",
      "Date",
      "Job",
      "Service",
      "Gross (Rs)",
      "TDS rate",
      "TDS (Rs)",
    ],
    [
      ...rows.map((row) => [
        ...common,
        row.day,
        row.jobId,
        row.service,
        rupeesText(row.grossPaise),
        row.rate,
        rupeesText(row.tdsPaise),
      ]),
      ...[...months.entries()].map(([month, m]) => [
        ...common,
        month,
        "",
        "Month total",
        rupeesText(m.gross),
        "",
        rupeesText(m.tds),
      ]),
      [
        ...common,
        "",
        "",
        "Quarter total",
        rupeesText(sum((row) => row.grossPaise)),
        "",
        rupeesText(sum((row) => row.tdsPaise)),
      ],
    ],
  );
}

/** The quarter's TDS as a PDF for the mate's tax return. */
export function tdsPdf(rows: TdsRow[], head: TdsHead): Promise<Buffer> {
  const pan = head.mate.pan ? maskPan(head.mate.pan) : "not given";
  return pdf({ Title: `TDS statement ${head.label}`, Author: head.seller.legalName }, (doc) => {
    doc.font("Helvetica-Bold").fontSize(16).text("TDS statement (section 194-O)");
    doc.font("Helvetica").fontSize(9).moveDown(0.3);
    doc.text(`Quarter: ${head.label}`);
    doc.text(`Deductor: ${head.seller.legalName}${head.seller.gstin ? `, GSTIN ${head.seller.gstin}` : ""}`);
    doc.text(`Mate: ${head.mate.name} (${head.mate.id}), PAN ${pan}`);
    doc.moveDown();
    table(
      doc,
      [70, 200, 90, 60, 90],
      ["Date", "Service", "Gross", "Rate", "TDS"],
      rows.map((row) => [row.day, row.service, pdfMoney(row.grossPaise), row.rate, pdfMoney(row.tdsPaise)]),
    );
    if (rows.length === 0) doc.font("Helvetica").text("No TDS was deducted this quarter.");
    const gross = rows.reduce((total, row) => total + row.grossPaise, 0);
    const tds = rows.reduce((total, row) => total + row.tdsPaise, 0);
    doc
      .moveDown()
      .font("Helvetica-Bold")
      .text(`Quarter total: gross ${pdfMoney(gross)}, TDS ${pdfMoney(tds)}`);
    doc
      .moveDown()
      .font("Helvetica")
      .fontSize(8)
      .text(
        "Check these figures against Form 26AS before filing. A computer-generated statement; it needs no signature.",
      );
  });
}
