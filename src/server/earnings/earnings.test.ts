import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { financeSchema, mateWeeksSchema, weekDetailSchema } from "#domain/earnings.ts";
import { signUpCustomer, type TestCustomer } from "#testing/customers.ts";
import { A, B, NOW, seedEarningsLedger } from "#testing/earnings-ledger.ts";
import { signInAsMate, signInAsOperator } from "#testing/mates.ts";
import { pdfText } from "#testing/pdf-text.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";

/**
 * What a mate and the accountant read of the ledger (record 066), every figure checked exactly
 * against the small ledger of testing/earnings-ledger.ts (its comment says what it holds).
 */
let t: TestApp;
let mate: TestCustomer;
let other: TestCustomer;
let customer: TestCustomer;
let operator: TestCustomer;
let job1: string;
let job2: string;
let job3: string;
let payoutId: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  customer = await signUpCustomer(t);
  operator = await signInAsOperator(t);
  mate = await signInAsMate(t, A);
  other = await signInAsMate(t, B);
  ({ job1, job2, job3, payoutId } = await seedEarningsLedger(t, { customer, operator }));
});
afterAll(() => t.close());

/** A CSV answer's lines, after checking it starts with UTF-8's byte-order mark (text() would drop it). */
async function csvLines(response: Response): Promise<string[]> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder().decode(bytes).trimEnd().split("\r\n");
}

const LAST_WEEK = {
  week: "2026-11-16",
  jobs: 2,
  grossPaise: 449_900,
  commissionPaise: 89_980,
  tdsPaise: 450, // 349.90 → 350 paise and 100
  tipsPaise: 5_000,
  collectedPaise: 100_000,
  adjustmentsPaise: 5_000,
  paidOutPaise: 0,
  earnedPaise: 449_900 - 89_980 - 450 + 5_000 - 100_000 + 5_000,
};

describe("the mate's earnings, week by week", () => {
  it("shows the balance owed, this week in full and the past weeks with exact figures", async () => {
    const response = await mate.request("/api/mate/earnings/weeks");
    expect(response.status).toBe(200);
    const body = mateWeeksSchema.parse(await response.json());
    // 37,500 (September) + 2,69,470 (last week) − 3,06,970 paid − 50,000 deducted.
    expect(body.balancePaise).toBe(-50_000);
    expect(body.owedPaise).toBe(50_000);
    expect(body.thisWeek.totals).toEqual({
      week: "2026-11-23",
      jobs: 0,
      grossPaise: 0,
      commissionPaise: 0,
      tdsPaise: 0,
      tipsPaise: 0,
      collectedPaise: 0,
      adjustmentsPaise: -50_000,
      paidOutPaise: 306_970,
      earnedPaise: -50_000,
    });
    expect(body.thisWeek.openingPaise).toBe(306_970);
    expect(body.thisWeek.closingPaise).toBe(-50_000);
    expect(body.thisWeek.adjustments).toEqual([
      {
        at: "2026-11-24T06:00:00.000Z",
        kind: "adjustment",
        amountPaise: -50_000,
        reason: 'Uniform, "size L"',
        jobId: null,
      },
    ]);
    expect(body.thisWeek.payouts.map((p) => [p.status, p.amountPaise, p.utr, p.failureReason])).toEqual([
      ["failed", 306_970, null, "Beneficiary bank offline"],
      ["processed", 306_970, "UTR000111222", null],
    ]);
    // Eight calendar weeks back from this one: only last week had money. September is on the next
    // page, which ends just after its week (the empty weeks between are skipped).
    expect(body.weeks).toEqual([LAST_WEEK]);
    expect(body.nextBefore).toBe("2026-09-21");
    const older = mateWeeksSchema.parse(
      await (await mate.request("/api/mate/earnings/weeks?before=2026-09-21")).json(),
    );
    expect(older.weeks.map((w) => [w.week, w.grossPaise, w.commissionPaise, w.tdsPaise, w.earnedPaise])).toEqual([
      ["2026-09-14", 50_000, 10_000, 2_500, 37_500],
    ]);
    expect(older.nextBefore).toBeNull();
  });

  it("expands a past week to its jobs, adjustments with their reasons, and balances", async () => {
    const response = await mate.request("/api/mate/earnings/weeks/2026-11-16");
    expect(response.status).toBe(200);
    const week = weekDetailSchema.parse(await response.json());
    expect(week.totals).toEqual(LAST_WEEK);
    expect(week.openingPaise).toBe(37_500);
    expect(week.closingPaise).toBe(37_500 + LAST_WEEK.earnedPaise);
    expect(week.jobs).toEqual([
      {
        jobId: job1,
        bookingId: expect.any(String),
        at: "2026-11-17T06:00:00.000Z",
        service: "Plumber",
        grossPaise: 349_900,
        commissionPaise: 69_980,
        tdsPaise: 350,
        tipPaise: 5_000,
        collectedPaise: 0,
        netPaise: 284_570,
      },
      {
        jobId: job2,
        bookingId: null,
        at: "2026-11-18T06:00:00.000Z",
        service: "Work",
        grossPaise: 100_000,
        commissionPaise: 20_000,
        tdsPaise: 100,
        tipPaise: 0,
        collectedPaise: 100_000,
        netPaise: -20_100,
      },
    ]);
    expect(week.adjustments.map((a) => [a.kind, a.amountPaise, a.reason])).toEqual([
      ["adjustment", 20_000, "Travel allowance"],
      ["charged_to_mate", -15_000, "Broken tile, charged to the mate"],
    ]);
    expect(week.payouts).toEqual([]);
    const text = JSON.stringify(week);
    expect(text).not.toContain(customer.email);
  });

  it("keeps each mate to their own money, and refuses customers", async () => {
    const theirs = mateWeeksSchema.parse(await (await other.request("/api/mate/earnings/weeks")).json());
    expect(theirs.thisWeek.totals.grossPaise).toBe(200_000);
    expect(theirs.weeks).toEqual([]);
    expect(theirs.balancePaise).toBe(200_000 - 40_000 - 200);
    const lastWeek = weekDetailSchema.parse(await (await other.request("/api/mate/earnings/weeks/2026-11-16")).json());
    expect(lastWeek.jobs).toEqual([]);
    expect(lastWeek.totals.grossPaise).toBe(0);
    expect((await customer.request("/api/mate/earnings/weeks")).status).toBe(403);
    expect((await customer.request("/api/mate/statements/2026-11-16.pdf")).status).toBe(403);
    expect((await operator.request("/api/mate/tds/2026-27/Q3.csv")).status).toBe(403);
  });

  it("refuses weeks that are not Mondays or have not begun", async () => {
    for (const path of ["weeks/2026-11-17", "weeks/2026-11-30", "weeks/yesterday", "weeks?before=2026-13-01"]) {
      const response = await mate.request(`/api/mate/earnings/${path}`);
      expect(response.status, path).toBe(400);
    }
  });
});

describe("statements", () => {
  it("gives the week's statement as a PDF with its jobs, reasons and balance", async () => {
    const response = await mate.request("/api/mate/statements/2026-11-16.pdf");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    for (const expected of [
      "Weekly earnings statement",
      "16 November 2026 to 22 November 2026",
      "Plumber",
      "Rs. 3,499.00",
      "Rs. 699.80",
      "Rs. 3.50",
      "Travel allowance",
      "Broken tile, charged to the mate",
      "Balance carried forward",
      "Rs. 3,069.70",
    ]) {
      expect(text).toContain(expected);
    }
    const thisWeek = await pdfText(
      new Uint8Array(await (await mate.request("/api/mate/statements/2026-11-23.pdf")).arrayBuffer()),
    );
    expect(thisWeek).toContain("UTR000111222");
    expect(thisWeek).toContain("You owe Mates");
    expect((await mate.request("/api/mate/statements/2026-11-16.txt")).status).toBe(400);
  });

  it("gives the quarter's TDS as CSV and PDF, the PAN masked, Mates' name and GSTIN on it", async () => {
    const lines = await csvLines(await mate.request("/api/mate/tds/2026-27/Q3.csv"));
    expect(lines[0]).toBe("Quarter,Mate,PAN,Deductor,Deductor GSTIN,Date,Job,Service,Gross (Rs),TDS rate,TDS (Rs)");
    const seller = t.config.seller;
    const head = `2026-27 Q3,${lines[1]?.split(",")[1]},XXXXXX234F,${seller.legalName},${seller.gstin}`;
    expect(lines.slice(1)).toEqual([
      `${head},2026-11-17,${job1},Plumber,3499.00,0.1 %,3.50`,
      `${head},2026-11-18,${job2},Work,1000.00,0.1 %,1.00`,
      `${head},2026-11,,Month total,4499.00,,4.50`,
      `${head},,,Quarter total,4499.00,,4.50`,
    ]);
    const q2 = await (await mate.request("/api/mate/tds/2026-27/Q2.csv")).text();
    expect(q2).toContain(`2026-09-15,${job3},Work,500.00,5 %,25.00`);
    const pdf = await mate.request("/api/mate/tds/2026-27/Q3.pdf");
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    for (const expected of ["TDS statement", "2026-27 Q3", "XXXXXX234F", "Rs. 3.50", "Rs. 4.50", seller.legalName]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("ABCDE1234F");
    expect((await mate.request("/api/mate/tds/2026-28/Q3.csv")).status).toBe(400);
    expect((await mate.request("/api/mate/tds/2027-28/Q1.csv")).status).toBe(400);
    expect((await mate.request("/api/mate/tds/2026-27/Q5.csv")).status).toBe(400);
  });
});

describe("the console's finance page and the accountant's exports", () => {
  it("gives exact figures: commission, TDS by quarter, money held and owed, payouts, differences", async () => {
    const response = await operator.request("/api/ops/finance");
    expect(response.status).toBe(200);
    const finance = financeSchema.parse(await response.json());
    expect(finance.commission).toEqual({ monthPaise: 129_980, quarterPaise: 129_980, allTimePaise: 139_980 });
    expect(finance.tdsByQuarter).toEqual([
      { financialYear: "2026-27", quarter: 3, paise: 650 },
      { financialYear: "2026-27", quarter: 2, paise: 2_500 },
    ]);
    expect(finance.tdsPayablePaise).toBe(3_150);
    expect(finance.heldForMatesPaise).toBe(159_800);
    expect(finance.owedByMatesPaise).toBe(50_000);
    expect(finance.payoutsInFlightPaise).toBe(0);
    expect(finance.payoutsByState).toEqual([
      { status: "failed", count: 1, paise: 306_970 },
      { status: "processed", count: 1, paise: 306_970 },
    ]);
    expect(finance.openDifferences.map((d) => [d.payoutId, d.difference])).toEqual([[payoutId, "Amount differs"]]);
    expect((await mate.request("/api/ops/finance")).status).toBe(403);
  });

  it("exports the ledger as RFC 4180 CSV with a BOM, rupees from paise, memos quoted", async () => {
    const response = await operator.request("/api/ops/finance/ledger.csv?from=2026-11-24&to=2026-11-24");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = await csvLines(response);
    expect(lines[0]).toBe("Date (IST),Transaction,Kind,Account,Mate,Mate name,Line,Debit,Credit,Memo,Booking,Job");
    // The deduction (2 entries) and B's job (6 entries) of 24 November.
    expect(lines).toHaveLength(1 + 2 + 6);
    const deduction = lines.filter((line) => line.includes("Uniform"));
    expect(deduction).toHaveLength(2);
    expect(deduction[0]).toMatch(
      /^2026-11-24 11:30:00,[\w-]+,adjustment,mate,mate-001,[^,]+,adjustment,500\.00,,"Uniform, ""size L""",,$/,
    );
    expect(deduction[1]).toMatch(/,adjustment,platform_cost,,,adjustment,,500\.00,"Uniform, ""size L""",,$/);
    expect((await operator.request("/api/ops/finance/ledger.csv?from=2026-11-25&to=2026-11-24")).status).toBe(400);
  });

  it("exports payouts and the TDS by mate with full PANs, the read audited", async () => {
    const rows = await csvLines(await operator.request("/api/ops/finance/payouts.csv?from=2026-11-01&to=2026-11-30"));
    expect(rows).toHaveLength(3);
    expect(rows[2]).toContain(",2026-11-16,mate-001,");
    expect(rows[2]).toContain(",3069.70,UPI,processed,UTR000111222,");
    const tds = await operator.request("/api/ops/finance/tds.csv?financialYear=2026-27&quarter=3");
    expect(tds.status).toBe(200);
    const lines = await csvLines(tds);
    expect(lines[0]).toBe("Quarter,Mate,Mate name,PAN,Jobs,Gross,TDS rate,TDS");
    expect(lines.find((line) => line.includes("mate-001"))).toMatch(
      /^2026-27 Q3,mate-001,[^,]+,ABCDE1234F,2,4499\.00,0\.1 %,4\.50$/,
    );
    expect(lines.find((line) => line.includes("mate-002"))).toMatch(/,not given,1,2000\.00,0\.1 %,2\.00$/);
    const audit = await (await operator.request(`/api/ops/audit?action=finance.tds_export`)).json();
    expect((audit as { entries: unknown[] }).entries).toHaveLength(1);
    expect((await operator.request("/api/ops/finance/tds.csv?financialYear=2026-27&quarter=5")).status).toBe(400);
  });
});
