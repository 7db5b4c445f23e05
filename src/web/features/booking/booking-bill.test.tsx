// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Extra } from "#domain/job.ts";
import { BookingBill } from "./booking-bill.tsx";
import { renderInEnglish } from "./render-in-english.tsx";
import { testBooking as booking, testJob as job } from "./test-booking.ts";

afterEach(cleanup);

function extra(id: string, description: string, priceRupees: number, status: Extra["status"]): Extra {
  return { id, description, priceRupees, status };
}

function bill() {
  return screen.getByRole("region", { name: "Your bill" });
}

function lines(): string[] {
  return within(bill())
    .getAllByRole("listitem")
    .map((line) => line.textContent ?? "");
}

describe("the customer's bill", () => {
  it("lists each booked line with its service, option, quantity and price, then the total", () => {
    renderInEnglish(<BookingBill booking={booking()} />);
    expect(lines()).toEqual(["Kitchen cleaning · Full kitchen × 1₹1,499", "Electrician · Fan installation × 2₹598"]);
    expect(screen.getByTestId("bill-total").textContent).toBe("₹2,097");
    expect(within(bill()).getByText("Total (GST included)")).toBeTruthy();
  });

  it("adds the approved extras of every job, and neither the proposed nor the declined ones", () => {
    const jobs = [
      job({ extras: [extra("x1", "Chimney degreasing", 400, "approved"), extra("x2", "Fridge", 250, "proposed")] }),
      job({
        id: "job-electrician",
        service: "electrician",
        serviceTitle: "Electrician",
        extras: [extra("x3", "Extra socket", 1200, "declined"), extra("x4", "New switchboard", 1050, "approved")],
      }),
    ];
    renderInEnglish(<BookingBill booking={booking({ jobs, billRupees: 3547 })} />);
    expect(lines()).toEqual([
      "Kitchen cleaning · Full kitchen × 1₹1,499",
      "Electrician · Fan installation × 2₹598",
      "Extra: Chimney degreasing₹400",
      "Extra: New switchboard₹1,050",
    ]);
    expect(screen.getByTestId("bill-total").textContent).toBe("₹3,547");
  });

  it("is the bill so far until the booking is completed, then the final bill", () => {
    const { rerender } = renderInEnglish(<BookingBill booking={booking({ status: "arrived" })} />);
    expect(within(bill()).getByRole("heading", { level: 3 }).textContent).toBe("Your bill so far");
    rerender(<BookingBill booking={booking({ status: "completed" })} />);
    expect(within(bill()).getByRole("heading", { level: 3 }).textContent).toBe("Final bill");
  });

  it("shows no tip and no payment while there is neither", () => {
    renderInEnglish(<BookingBill booking={booking()} />);
    expect(screen.queryByTestId("bill-with-tip")).toBeNull();
    expect(within(bill()).queryByText(/tip/i)).toBeNull();
    expect(within(bill()).queryByText(/Paid/)).toBeNull();
  });

  it("adds the tips of all jobs, and the total with them", () => {
    const jobs = [job({ tipRupees: 100 }), job({ id: "job-electrician", service: "electrician", tipRupees: 50 })];
    renderInEnglish(<BookingBill booking={booking({ jobs })} />);
    expect(within(bill()).getByText("Your tip, all of it to your mate").nextSibling?.textContent).toBe("₹150");
    expect(screen.getByTestId("bill-with-tip").textContent).toBe("₹2,247");
    expect(screen.getByTestId("bill-total").textContent).toBe("₹2,097");
  });

  it.each([
    { methods: ["upi", undefined], text: "Paid to your mate by UPI" },
    { methods: ["cash", "cash"], text: "Paid to your mate by cash" },
    { methods: ["upi", "cash"], text: "Paid to your mate by UPI and cash" },
    { methods: ["online", undefined], text: "Paid online" },
    { methods: ["cash", "online"], text: "Paid to your mate by cash; Paid online" },
  ])("says how the jobs were paid: $text", ({ methods, text }) => {
    const jobs = [
      job({ status: "paid", ...(methods[0] ? { collectedMethod: methods[0] } : {}) }),
      job({ id: "job-electrician", service: "electrician", ...(methods[1] ? { collectedMethod: methods[1] } : {}) }),
    ];
    renderInEnglish(<BookingBill booking={booking({ status: "completed", jobs })} />);
    expect(within(bill()).getByText(/Paid/).textContent).toBe(text);
  });
});

describe("the bill with Mates credit", () => {
  it("takes the credit off and says what is left to pay", () => {
    renderInEnglish(<BookingBill booking={booking({ creditRupees: 500 })} />);
    expect(within(bill()).getByText("Mates credit")).toBeTruthy();
    expect(screen.getByTestId("bill-credit").textContent).toBe("−₹500");
    expect(screen.getByTestId("bill-total").textContent).toBe("₹2,097");
    expect(screen.getByTestId("bill-after-credit").textContent).toBe("₹1,597");
  });

  it("shows no credit line without credit", () => {
    renderInEnglish(<BookingBill booking={booking()} />);
    expect(screen.queryByTestId("bill-credit")).toBeNull();
    expect(within(bill()).queryByText("Mates credit")).toBeNull();
  });
});
