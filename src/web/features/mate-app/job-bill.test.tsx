// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { type MateJob, mateJobSchema } from "#domain/mate-app.ts";
import { InEnglish } from "./in-english.tsx";
import { JobBill } from "./job-bill.tsx";
import { JobEarnings } from "./job-earnings.tsx";

afterEach(cleanup);

/** A job as GET /api/mate/jobs/:id answers it (checked against the schema), with the bill's parts given. */
function mateJob(overrides: Partial<MateJob> = {}): MateJob {
  return mateJobSchema.parse({
    id: "job-1",
    bookingId: "booking-1",
    service: "kitchen-cleaning",
    serviceTitle: "Kitchen cleaning",
    items: [
      { option: "full", optionLabel: "Full kitchen", quantity: 1, lineTotalRupees: 1499 },
      { option: "chimney", optionLabel: "Chimney", quantity: 2, lineTotalRupees: 998 },
    ],
    start: "2026-06-02T05:30:00.000Z",
    end: "2026-06-02T07:30:00.000Z",
    status: "in_progress",
    locality: "Kandivali West",
    customerFirstName: "Asha",
    billRupees: 2497,
    toCollectRupees: 2497,
    creditRupees: 0,
    tipRupees: 0,
    commissionBp: 2000,
    earnings: { grossPaise: 249_700, commissionPaise: 49_940, tdsBp: 500, tdsPaise: 12_485, netPaise: 187_275 },
    paymentMethod: "pay_after_service",
    extras: [],
    canRelease: false,
    setOffFrom: "2026-06-02T04:30:00.000Z",
    canAddExtras: true,
    startCodeLocked: false,
    atRisk: false,
    history: [],
    rework: null,
    ...overrides,
  });
}

function bill() {
  return screen.getByRole("region", { name: "Bill" });
}

/** The bill's last line: what is to collect, collected or paid online, and the amount. */
function total(): [string, string] {
  const line = within(bill()).getByText(/^(To collect|Collected|Paid online)$/).parentElement;
  return [line?.firstElementChild?.textContent ?? "", line?.lastElementChild?.textContent ?? ""];
}

describe("the mate's bill of a job", () => {
  it("lists the booked lines and the approved extras, under a level-2 heading", () => {
    const extras = [
      { id: "x1", description: "Oven cleaning", priceRupees: 500, status: "approved" as const },
      { id: "x2", description: "Fridge", priceRupees: 250, status: "proposed" as const },
      { id: "x3", description: "Balcony", priceRupees: 300, status: "declined" as const },
    ];
    render(<JobBill job={mateJob({ extras, billRupees: 2997, toCollectRupees: 2997 })} />, { wrapper: InEnglish });
    expect(within(bill()).getByRole("heading", { level: 2 }).textContent).toBe("Bill");
    expect(
      within(bill())
        .getAllByRole("listitem")
        .map((line) => line.textContent),
    ).toEqual(["Full kitchen × 1₹1,499", "Chimney × 2₹998", "Extra: Oven cleaning₹500"]);
    expect(total()).toEqual(["To collect", "₹2,997"]);
  });

  it("shows the customer's tip, which is in what is to collect", () => {
    render(<JobBill job={mateJob({ status: "completed", tipRupees: 100, toCollectRupees: 2597 })} />, {
      wrapper: InEnglish,
    });
    expect(within(bill()).getByText("Tip from the customer, all yours").nextSibling?.textContent).toBe("₹100");
    expect(total()).toEqual(["To collect", "₹2,597"]);
  });

  it("shows what the customer's Mates credit paid, which is not to collect", () => {
    render(<JobBill job={mateJob({ status: "completed", creditRupees: 500, toCollectRupees: 1997 })} />, {
      wrapper: InEnglish,
    });
    expect(within(bill()).getByText("Paid with the customer's Mates credit").nextSibling?.textContent).toBe("₹500");
    expect(total()).toEqual(["To collect", "₹1,997"]);
  });

  it("has no tip line without a tip", () => {
    render(<JobBill job={mateJob()} />, { wrapper: InEnglish });
    expect(within(bill()).queryByText(/Tip/)).toBeNull();
  });

  it("says what was collected and how once paid to the mate", () => {
    const { rerender } = render(
      <JobBill job={mateJob({ status: "paid", collectedMethod: "upi", collectedRupees: 2497, toCollectRupees: 0 })} />,
      { wrapper: InEnglish },
    );
    expect(total()).toEqual(["Collected", "₹2,497 by UPI"]);
    rerender(
      <JobBill job={mateJob({ status: "paid", collectedMethod: "cash", collectedRupees: 2597, toCollectRupees: 0 })} />,
    );
    expect(total()).toEqual(["Collected", "₹2,597 by Cash"]);
  });

  it("says a bill paid online is paid online, with the amount and no method", () => {
    render(
      <JobBill
        job={mateJob({ status: "paid", collectedMethod: "online", collectedRupees: 2497, toCollectRupees: 0 })}
      />,
      { wrapper: InEnglish },
    );
    expect(total()).toEqual(["Paid online", "₹2,497"]);
  });
});

describe("what the job earns the mate", () => {
  it("says the net after Mates' commission and TDS, before the job is done", () => {
    const earnings = { grossPaise: 349_900, commissionPaise: 69_980, tdsBp: 10, tdsPaise: 350, netPaise: 279_570 };
    render(<JobEarnings job={mateJob({ status: "assigned", billRupees: 3499, earnings })} />, { wrapper: InEnglish });
    expect(screen.getByTestId("job-earnings").textContent).toBe(
      "You earn ₹2,795.70 (Mates' commission 20 %, TDS 0.1 %)",
    );
  });
});
