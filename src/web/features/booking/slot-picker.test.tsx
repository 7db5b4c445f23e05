// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { bookingDays, formatMinuteOfDay } from "#domain/booking.ts";
import { kolkataInstant } from "#domain/kolkata-time.ts";
import type { Slot, SlotUnavailable } from "#domain/slots.ts";
import { appQueryClient } from "#web/lib/query-client.ts";
import { renderInEnglish } from "./render-in-english.tsx";
import { SlotPicker } from "./slot-picker.tsx";

/** Monday 1 June 2026, 10:00 in Kolkata. */
const NOW = new Date("2026-06-01T04:30:00.000Z");
const DAYS = bookingDays(NOW);

/** A start as /api/slots answers it: the server's label, open or why not. */
function slot(day: string, hour: number, minute: number, unavailable: SlotUnavailable | null = null): Slot {
  const minuteOfDay = hour * 60 + minute;
  const start = kolkataInstant(day, minuteOfDay);
  return {
    start: start.toISOString(),
    end: new Date(start.getTime() + 120 * 60_000).toISOString(),
    label: formatMinuteOfDay(minuteOfDay),
    available: unavailable === null,
    unavailable,
  };
}

/** What the server answers for each day (an empty list for the others), and the addresses asked. */
let answers: Record<string, Slot[]>;
let asked: string[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  answers = {};
  asked = [];
  vi.stubGlobal("fetch", async (input: string) => {
    asked.push(input);
    const date = new URL(input, "http://localhost").searchParams.get("date") ?? "";
    return new Response(JSON.stringify({ date, days: DAYS, durationMinutes: 120, slots: answers[date] ?? [] }), {
      status: 200,
      headers: { "Content-Type": "application/json" },
    });
  });
});

afterEach(() => {
  cleanup();
  appQueryClient.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function dayButtons() {
  return within(screen.getByRole("group", { name: "Day" })).getAllByRole("button");
}

function pressedDay(): string {
  return dayButtons().find((button) => button.getAttribute("aria-pressed") === "true")?.textContent ?? "";
}

async function startTimes() {
  return within(await screen.findByRole("group", { name: "Start time" })).getAllByRole("button");
}

describe("the slot picker", () => {
  it("offers today and the next six days, today first", async () => {
    answers[DAYS[0] ?? ""] = [slot(DAYS[0] ?? "", 12, 0)];
    renderInEnglish(<SlotPicker value={undefined} onChange={() => {}} />);
    await startTimes();
    expect(dayButtons().map((button) => button.textContent)).toEqual([
      "Today, Mon, 1 Jun",
      "Tue, 2 Jun",
      "Wed, 3 Jun",
      "Thu, 4 Jun",
      "Fri, 5 Jun",
      "Sat, 6 Jun",
      "Sun, 7 Jun",
    ]);
    expect(pressedDay()).toBe("Today, Mon, 1 Jun");
    expect(asked).toEqual([`/api/slots?date=${DAYS[0]}`]);
  });

  it("shows open starts, shows booked ones disabled, and leaves out those when no mate works", async () => {
    const today = DAYS[0] ?? "";
    answers[today] = [slot(today, 12, 0), slot(today, 12, 30, "booked"), slot(today, 13, 0, "off_duty")];
    renderInEnglish(<SlotPicker value={undefined} onChange={() => {}} />);
    const buttons = await startTimes();
    expect(buttons.map((button) => button.getAttribute("aria-label"))).toEqual(["12:00 PM", "12:30 PM, booked out"]);
    expect(buttons.map((button) => (button as HTMLButtonElement).disabled)).toEqual([false, true]);
    expect(buttons[1]?.textContent).toBe("12:30 PMBooked");
  });

  it("hands on the start chosen, marks the one chosen, and takes no booked start", async () => {
    const today = DAYS[0] ?? "";
    const open = slot(today, 12, 0);
    answers[today] = [open, slot(today, 12, 30, "booked"), slot(today, 13, 0)];
    const chosen: string[] = [];
    const { rerender } = renderInEnglish(<SlotPicker value={undefined} onChange={(start) => chosen.push(start)} />);
    const [noon, booked] = await startTimes();
    if (!noon || !booked) throw new Error("two starts expected");
    fireEvent.click(booked);
    expect(chosen).toEqual([]);
    fireEvent.click(noon);
    expect(chosen).toEqual([open.start]);
    expect(noon.getAttribute("aria-pressed")).toBe("false");
    rerender(<SlotPicker value={open.start} onChange={(start) => chosen.push(start)} />);
    const pressed = (await startTimes()).filter((button) => button.getAttribute("aria-pressed") === "true");
    expect(pressed.map((button) => button.getAttribute("aria-label"))).toEqual(["12:00 PM"]);
  });

  it("moves on to tomorrow when nothing is left today", async () => {
    const [today = "", tomorrow = ""] = DAYS;
    answers[today] = [slot(today, 20, 30, "booked")];
    answers[tomorrow] = [slot(tomorrow, 9, 0)];
    renderInEnglish(<SlotPicker value={undefined} onChange={() => {}} />);
    await screen.findByRole("button", { name: "9:00 AM" });
    expect(pressedDay()).toBe("Tue, 2 Jun");
    expect(asked).toEqual([`/api/slots?date=${today}`, `/api/slots?date=${tomorrow}`]);
  });

  it("stays on the day of a start already chosen", async () => {
    const [today = ""] = DAYS;
    const start = slot(today, 20, 30, "booked");
    answers[today] = [start];
    renderInEnglish(<SlotPicker value={start.start} onChange={() => {}} />);
    await startTimes();
    expect(pressedDay()).toBe("Today, Mon, 1 Jun");
    expect(asked).toEqual([`/api/slots?date=${today}`]);
  });

  it("opens on the day of the start it is given", async () => {
    const thursday = DAYS[3] ?? "";
    const start = slot(thursday, 15, 0);
    answers[thursday] = [start];
    renderInEnglish(<SlotPicker value={start.start} onChange={() => {}} />);
    await startTimes();
    expect(pressedDay()).toBe("Thu, 4 Jun");
    expect(asked).toEqual([`/api/slots?date=${thursday}`]);
  });

  it("asks for the times of the day chosen, for the booking being moved", async () => {
    const [today = "", , wednesday = ""] = DAYS;
    answers[today] = [slot(today, 12, 0)];
    answers[wednesday] = [slot(wednesday, 7, 30)];
    renderInEnglish(<SlotPicker value={undefined} onChange={() => {}} booking="booking-1" />);
    await screen.findByRole("button", { name: "12:00 PM" });
    fireEvent.click(screen.getByRole("button", { name: "Wed, 3 Jun" }));
    await screen.findByRole("button", { name: "7:30 AM" });
    expect(pressedDay()).toBe("Wed, 3 Jun");
    expect(screen.queryByRole("button", { name: "12:00 PM" })).toBeNull();
    expect(asked).toEqual([
      `/api/slots?date=${today}&booking=booking-1`,
      `/api/slots?date=${wednesday}&booking=booking-1`,
    ]);
  });

  it("says when a day has no start left, and when no mate works that day", async () => {
    const [today = "", , wednesday = ""] = DAYS;
    answers[today] = [slot(today, 12, 0)];
    answers[wednesday] = [slot(wednesday, 9, 0, "off_duty"), slot(wednesday, 9, 30, "off_duty")];
    renderInEnglish(<SlotPicker value={undefined} onChange={() => {}} />);
    await screen.findByRole("button", { name: "12:00 PM" });
    fireEvent.click(screen.getByRole("button", { name: "Tue, 2 Jun" }));
    expect((await screen.findByText(/^No more start times on this day/)).textContent).toBe(
      "No more start times on this day (we start between 6:00 AM and 9:00 PM, at least 2 hours ahead). Choose another day.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Wed, 3 Jun" }));
    expect(await screen.findByText("No mate for this work is on duty on this day. Choose another day.")).toBeTruthy();
    expect(screen.queryByRole("group", { name: "Start time" })).toBeNull();
  });

  it("says why the times could not be loaded", async () => {
    vi.stubGlobal(
      "fetch",
      async () =>
        new Response(
          JSON.stringify({
            error: { code: "empty_cart", message: "Your cart is empty. Add a service before choosing a time." },
          }),
          { status: 400, headers: { "Content-Type": "application/json" } },
        ),
    );
    renderInEnglish(<SlotPicker value={undefined} onChange={() => {}} />);
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Times could not be loaded.")).toBeTruthy();
    expect(within(alert).getByText("Your cart is empty. Add a service before choosing a time.")).toBeTruthy();
  });
});
