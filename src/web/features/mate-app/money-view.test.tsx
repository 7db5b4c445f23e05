// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type MateWeeks, mateWeeksSchema, type WeekDetail, weekDetailSchema } from "#domain/earnings.ts";
import { appQueryClient } from "#web/lib/query-client.ts";
import { InEnglish } from "./in-english.tsx";
import { MoneyView } from "./money-view.tsx";

/** What the earnings routes answer in these tests (checked against their schemas). */
const totals = (week: string, over: Partial<WeekDetail["totals"]> = {}) => ({
  week,
  jobs: 0,
  grossPaise: 0,
  commissionPaise: 0,
  tdsPaise: 0,
  tipsPaise: 0,
  collectedPaise: 0,
  adjustmentsPaise: 0,
  paidOutPaise: 0,
  earnedPaise: 0,
  ...over,
});
const lastWeek: WeekDetail = {
  totals: totals("2026-11-16", {
    jobs: 1,
    grossPaise: 349_900,
    commissionPaise: 69_980,
    tdsPaise: 350,
    earnedPaise: 279_570,
  }),
  openingPaise: 0,
  closingPaise: 279_570,
  jobs: [
    {
      jobId: "j1",
      bookingId: "b1",
      at: "2026-11-17T06:00:00.000Z",
      service: "Plumber",
      grossPaise: 349_900,
      commissionPaise: 69_980,
      tdsPaise: 350,
      tipPaise: 0,
      collectedPaise: 0,
      netPaise: 279_570,
    },
  ],
  adjustments: [],
  payouts: [],
};
const answer: MateWeeks = {
  balancePaise: -50_000,
  owedPaise: 50_000,
  thisWeek: {
    totals: totals("2026-11-23", { adjustmentsPaise: -50_000, paidOutPaise: 279_570, earnedPaise: -50_000 }),
    openingPaise: 279_570,
    closingPaise: -50_000,
    jobs: [],
    adjustments: [
      { at: "2026-11-24T06:00:00.000Z", kind: "adjustment", amountPaise: -50_000, reason: "Uniform", jobId: null },
    ],
    payouts: [
      {
        id: "p1",
        createdAt: "2026-11-23T01:00:00.000Z",
        amountPaise: 279_570,
        mode: "UPI",
        status: "processed",
        utr: "UTR000111222",
        failureReason: null,
      },
    ],
  },
  weeks: [lastWeek.totals],
  nextBefore: null,
};

beforeEach(() => {
  vi.stubGlobal("fetch", async (input: string | URL | Request) => {
    const url = String(input instanceof Request ? input.url : input);
    const body = url.endsWith("/weeks/2026-11-16") ? weekDetailSchema.parse(lastWeek) : mateWeeksSchema.parse(answer);
    return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
  });
});

afterEach(() => {
  cleanup();
  appQueryClient.clear();
  vi.unstubAllGlobals();
});

describe("the mate's money", () => {
  it("shows what is owed, the week so far with its reasons and payouts, and opens a past week", async () => {
    render(<MoneyView />, { wrapper: InEnglish });
    const balance = await screen.findByRole("region", { name: "Balance" });
    expect(balance.textContent).toContain("You owe Mates");
    expect(balance.textContent).toContain("₹500");
    const week = screen.getByRole("region", { name: "Week so far" });
    expect(within(week).getByRole("list", { name: "Adjustments" }).textContent).toContain("Adjustment −₹500Uniform");
    expect(within(week).getByRole("list", { name: "Payouts" }).textContent).toContain("₹2,795.70 · Paid");
    expect(within(week).getByRole("list", { name: "Payouts" }).textContent).toContain("UTR UTR000111222");
    expect(
      within(week)
        .getByRole("link", { name: /Statement/ })
        .getAttribute("href"),
    ).toBe("/api/mate/statements/2026-11-23.pdf");
    const past = screen.getByRole("region", { name: "Past weeks" });
    const toggle = within(past).getByRole("button", { name: /1 job · ₹2,795.70/ });
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const jobs = await within(past).findByRole("list", { name: "Jobs" });
    expect(jobs.textContent).toContain("Plumber");
    expect(jobs.textContent).toContain("Gross ₹3,499 · commission ₹699.80 · TDS ₹3.50");
    const tax = screen.getByRole("region", { name: "Tax statements" });
    expect(
      within(tax)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual([
      "/api/mate/tds/2026-27/Q3.pdf",
      "/api/mate/tds/2026-27/Q3.csv",
      "/api/mate/tds/2026-27/Q2.pdf",
      "/api/mate/tds/2026-27/Q2.csv",
    ]);
  });
});
