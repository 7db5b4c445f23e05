// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NOBODY_FREE } from "#domain/no-show.ts";
import { appQueryClient } from "#web/lib/query-client.ts";
import { NoShowRescue } from "./no-show-rescue.tsx";
import { renderInEnglish } from "./render-in-english.tsx";
import { testBooking } from "./test-booking.ts";

/** What the server was asked, and what it answers the next tap with. */
let asked: { url: string; method: string }[];
let answer: () => Response;

beforeEach(() => {
  asked = [];
  vi.stubGlobal("fetch", async (input: string, init?: RequestInit) => {
    asked.push({ url: input, method: init?.method ?? "GET" });
    return answer();
  });
});

afterEach(() => {
  cleanup();
  appQueryClient.clear();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("Mate hasn't arrived?", () => {
  it("shows nothing until the server offers the rescue", () => {
    renderInEnglish(<NoShowRescue booking={testBooking({ status: "assigned", noShowRescue: false })} />);
    expect(screen.queryByRole("region", { name: "Mate hasn't arrived?" })).toBeNull();
  });

  it("offers the two taps, and asks for another mate now in one", async () => {
    const booking = testBooking({ status: "assigned", noShowRescue: true });
    answer = () => json(200, { booking: { ...booking, noShowRescue: false } });
    renderInEnglish(<NoShowRescue booking={booking} />);
    const region = screen.getByRole("region", { name: "Mate hasn't arrived?" });
    expect(
      within(region)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Cancel, free", "Find another mate now"]);
    fireEvent.click(within(region).getByRole("button", { name: "Find another mate now" }));
    await vi.waitFor(() =>
      expect(asked).toEqual([{ url: "/api/bookings/booking-1/no-show/another-mate", method: "POST" }]),
    );
  });

  it("says so when nobody is free, and keeps Cancel, free", async () => {
    answer = () => json(409, { error: { code: "no_mate_free", message: NOBODY_FREE } });
    renderInEnglish(<NoShowRescue booking={testBooking({ status: "assigned", noShowRescue: true })} />);
    fireEvent.click(screen.getByRole("button", { name: "Find another mate now" }));
    expect((await screen.findByRole("alert")).textContent).toBe(NOBODY_FREE);
    expect(screen.getByRole("button", { name: "Cancel, free" })).toBeTruthy();
  });
});
