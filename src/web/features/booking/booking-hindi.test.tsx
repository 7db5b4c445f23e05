// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Translation } from "#domain/i18n/messages.ts";
import { BookingBill } from "./booking-bill.tsx";
import type { messages as en } from "./progress/messages/en-IN.ts";
import { renderIn } from "./render-in-english.tsx";
import { testBooking as booking, testJob as job } from "./test-booking.ts";

afterEach(cleanup);

/** A translation as written (`?source`: not compiled, vite-messages.ts). */
const catalog = async (locale: "hi-IN" | "mr-IN") =>
  ((await import(`${`./progress/messages/${locale}.ts`}?source`)) as { messages: Translation<typeof en> }).messages;

describe("the customer's bill in Hindi and Marathi", () => {
  it("speaks Hindi, with prices in Latin digits and Indian grouping", async () => {
    const progressHi = await catalog("hi-IN");
    await renderIn(
      "hi-IN",
      <BookingBill booking={booking({ status: "completed", jobs: [job({ tipRupees: 100 })] })} />,
    );
    const bill = screen.getByRole("region", { name: progressHi.yourBill });
    expect(within(bill).getByRole("heading", { level: 3 }).textContent).toBe(progressHi.finalBill);
    expect(within(bill).getByText(progressHi.totalGstIncluded)).toBeTruthy();
    expect(within(bill).getByText(progressHi.withTip)).toBeTruthy();
    expect(screen.getByTestId("bill-total").textContent).toBe("₹2,097");
  });

  it("speaks Marathi", async () => {
    const progressMr = await catalog("mr-IN");
    await renderIn("mr-IN", <BookingBill booking={booking({ status: "arrived" })} />);
    const bill = screen.getByRole("region", { name: progressMr.yourBill });
    expect(within(bill).getByRole("heading", { level: 3 }).textContent).toBe(progressMr.billSoFar);
  });
});
