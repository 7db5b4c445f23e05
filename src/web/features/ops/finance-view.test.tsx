// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Finance, financeSchema } from "#domain/earnings.ts";
import { EnglishOnly } from "#web/i18n/english-only.tsx";
import { appQueryClient } from "#web/lib/query-client.ts";
import { FinanceView } from "./finance-view.tsx";

/** What GET /api/ops/finance answers in this test (checked against its schema). */
const answer: Finance = {
  commission: { monthPaise: 129_980, quarterPaise: 129_980, allTimePaise: 12_34_567_00 },
  tdsByQuarter: [{ financialYear: "2026-27", quarter: 3, paise: 650 }],
  tdsPayablePaise: 3_150,
  heldForMatesPaise: 159_800,
  owedByMatesPaise: 50_000,
  payoutsInFlightPaise: 0,
  payoutsByState: [{ status: "processed", count: 2, paise: 613_940 }],
  openDifferences: [
    {
      id: "f1",
      payoutId: "p1",
      difference: "Amount differs",
      ours: "306970",
      theirs: "306900",
      foundAt: "2026-11-24T20:30:00.000Z",
    },
  ],
};

beforeEach(() => {
  vi.stubGlobal("fetch", async () =>
    Promise.resolve(
      new Response(JSON.stringify(financeSchema.parse(answer)), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      }),
    ),
  );
});

afterEach(() => {
  cleanup();
  appQueryClient.clear();
  vi.unstubAllGlobals();
});

describe("the console's finance page", () => {
  it("shows the figures in rupees with Indian grouping, the differences and the accountant's downloads", async () => {
    render(
      <EnglishOnly>
        <FinanceView />
      </EnglishOnly>,
    );
    const figures = await screen.findByRole("region", { name: "Finance" });
    expect(figures.textContent).toContain("Commission in all₹12,34,567");
    expect(figures.textContent).toContain("Held for mates (owed to them)₹1,598");
    expect(figures.textContent).toContain("Owed by mates₹500");
    expect(screen.getByRole("region", { name: "TDS by quarter" }).textContent).toContain("2026-27 Q3₹6.50");
    expect(screen.getByRole("region", { name: "Payouts by state" }).textContent).toContain("processed (2)₹6,139.40");
    expect(screen.getByRole("region", { name: "Reconciliation differences" }).textContent).toContain("Amount differs");
    const links = within(screen.getByRole("region", { name: "Exports for the accountant" })).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href")?.replace(/\?.*/, ""))).toEqual([
      "/api/ops/finance/ledger.csv",
      "/api/ops/finance/payouts.csv",
      "/api/ops/finance/tds.csv",
    ]);
  });
});
