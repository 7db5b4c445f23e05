// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type PayoutRunDetail,
  payoutRunListSchema,
  payoutRunResponseSchema,
  retriedPayoutSchema,
  type Settlement,
} from "#domain/payout-runs.ts";
import { EnglishOnly } from "#web/i18n/english-only.tsx";
import { appQueryClient } from "#web/lib/query-client.ts";
import { PayoutsView } from "./payouts-view.tsx";

/** The console's payout runs (record 065) against a stubbed API answering bodies of the real shape. */

const RUN = {
  id: "8c7d3f7e-1111-4c3b-9c1a-5d2a9b7e0001",
  week: "2026-11-16",
  cutoff: "2026-11-22T18:30:00.000Z",
  status: "draft" as const,
  createdAt: "2026-11-23T00:30:00.000Z",
  approvedAt: null,
  approvedBy: null,
  mates: 2,
  payable: 1,
  totalPaise: 12_345_650,
};
const figures = {
  jobs: 12,
  grossPaise: 15_000_000,
  commissionPaise: 3_000_000,
  tdsPaise: 15_000,
  tipsPaise: 50_000,
  collectedPaise: 0,
  adjustmentsPaise: 0,
};
const paid: Settlement = {
  id: "s1",
  mateId: "mate-001",
  name: "Sunita Jadhav",
  ...figures,
  balancePaise: 12_345_650,
  amountPaise: 12_345_650,
  status: "payable",
  payout: null,
};
const owes: Settlement = {
  id: "s2",
  mateId: "mate-002",
  name: "Rekha Pawar",
  ...figures,
  collectedPaise: 15_000_000,
  balancePaise: -15_100,
  amountPaise: 0,
  status: "carried",
  payout: null,
};

let detail: PayoutRunDetail;
const sent: { method: string; path: string }[] = [];

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

beforeEach(() => {
  sent.length = 0;
  detail = { run: RUN, settlements: [paid, owes] };
  vi.stubGlobal("fetch", async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    const path = String(input);
    sent.push({ method, path });
    if (path === "/api/ops/payout-runs") return answer(payoutRunListSchema.parse({ runs: [detail.run] }));
    if (path === `/api/ops/payout-runs/${RUN.id}` && method === "GET") {
      return answer(payoutRunResponseSchema.parse(detail));
    }
    if (path === `/api/ops/payout-runs/${RUN.id}/approve`) {
      detail = {
        run: { ...RUN, status: "approved", approvedAt: "2026-11-23T04:30:00.000Z" },
        settlements: [
          {
            ...paid,
            payout: {
              id: "p1",
              status: "failed",
              attempt: 1,
              amountPaise: 12_345_650,
              utr: null,
              failureReason: "Beneficiary bank offline",
            },
          },
          owes,
        ],
      };
      return answer(payoutRunResponseSchema.parse(detail));
    }
    if (path === "/api/ops/payouts/p1/retry") {
      const payout = {
        id: "p2",
        status: "queued",
        attempt: 2,
        amountPaise: 12_345_650,
        utr: null,
        failureReason: null,
      };
      detail = { ...detail, settlements: [{ ...paid, payout: retriedPayoutSchema.parse({ payout }).payout }, owes] };
      return answer({ payout });
    }
    return answer({ error: { code: "not_found", message: "no" } }, 404);
  });
});

afterEach(() => {
  cleanup();
  appQueryClient.clear();
  vi.unstubAllGlobals();
});

describe("the console's payout runs", () => {
  it("shows a run's week per mate in rupees, approves it after a confirmation, and retries a failed payout", async () => {
    render(
      <EnglishOnly>
        <PayoutsView />
      </EnglishOnly>,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Week of 16 Nov 2026" }));
    const table = await screen.findByRole("table");
    const rows = within(table)
      .getAllByRole("row")
      .map((row) => [...row.querySelectorAll("td")].map((td) => td.textContent));
    expect(rows.slice(1)).toEqual([
      [
        "Sunita Jadhav",
        "12",
        "₹1,50,000",
        "₹30,000",
        "₹150",
        "₹500",
        "₹0",
        "₹0",
        "₹1,23,456.50",
        "₹1,23,456.50",
        "To pay",
      ],
      [
        "Rekha Pawar",
        "12",
        "₹1,50,000",
        "₹30,000",
        "₹150",
        "₹500",
        "₹1,50,000",
        "₹0",
        "−₹151",
        "₹0",
        "Owes Mates: carried",
      ],
    ]);

    fireEvent.click(screen.getByRole("button", { name: "Approve" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Approve this run?" });
    expect(dialog.textContent).toContain("₹1,23,456.50 goes to 1 mate through RazorpayX.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Approve and pay" }));
    expect(await screen.findByText("Beneficiary bank offline")).toBeTruthy();
    expect(sent).toContainEqual({ method: "POST", path: `/api/ops/payout-runs/${RUN.id}/approve` });
    expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Retry ₹1,23,456.50" }));
    expect(await screen.findByText("(try 2)")).toBeTruthy();
    expect(sent).toContainEqual({ method: "POST", path: "/api/ops/payouts/p1/retry" });
    expect(screen.queryByRole("button", { name: /^Retry/ })).toBeNull();
  });
});
