// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type MateMe, mateMeSchema } from "#domain/mate-money.ts";
import { appQueryClient } from "#web/lib/query-client.ts";
import { DuesBanner } from "./dues-banner.tsx";
import { InEnglish } from "./in-english.tsx";
import { PanForm } from "./pan-form.tsx";

/** GET /api/mate/me as these tests answer it (checked against its schema); every PUT is counted. */
let me: MateMe;
let sent: { url: string; body: string }[] = [];

function mate(overrides: Partial<MateMe> = {}): MateMe {
  return mateMeSchema.parse({
    id: "mate-001",
    name: "Sunita Jadhav",
    skills: ["plumber"],
    homeLocality: "Malad West",
    rating: 4.8,
    jobsDone: 12,
    verifiedAt: "2026-01-01T00:00:00.000Z",
    suspendedAt: null,
    availability: { weeklyHours: Array.from({ length: 7 }, () => ({ from: 600, until: 1080 })), daysOff: [] },
    pan: null,
    duesPaise: 0,
    paused: false,
    duesLimitPaise: 200_000,
    tdsBp: 10,
    tdsNoPanBp: 500,
    ...overrides,
  });
}

beforeEach(() => {
  sent = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    if (init?.method === "PUT") sent.push({ url, body: String(init.body) });
    const body = url.endsWith("/api/payments/options") ? { online: false } : { mate: me };
    return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
  });
});

afterEach(() => {
  cleanup();
  appQueryClient.clear();
  vi.unstubAllGlobals();
});

describe("the mate's PAN", () => {
  it("explains the two TDS rates and refuses a PAN of the wrong shape without sending it", async () => {
    me = mate();
    render(<PanForm />, { wrapper: InEnglish });
    expect(await screen.findByText(/0\.1 % with your PAN, 5 % without it/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Your PAN"), { target: { value: "ABCDE1234" } });
    fireEvent.click(screen.getByRole("button", { name: "Save PAN" }));
    expect(screen.getByRole("alert").textContent).toContain("five letters, four digits and a letter");
    expect(sent).toEqual([]);
  });

  it("shows a given PAN masked", async () => {
    me = mate({ pan: "XXXXXX234F" });
    render(<PanForm />, { wrapper: InEnglish });
    expect((await screen.findByText("XXXXXX234F")).textContent).toBe("XXXXXX234F");
  });
});

describe("the dues banner", () => {
  it("says new jobs are paused and how much is owed past the limit, and nothing when nothing is owed", async () => {
    me = mate({ duesPaise: 234_000, paused: true });
    const { unmount } = render(<DuesBanner />, { wrapper: InEnglish });
    expect((await screen.findByRole("status")).textContent).toContain(
      "Your new jobs are paused: you owe Mates ₹2,340.",
    );
    unmount();
    appQueryClient.clear();
    me = mate();
    const { container } = render(<DuesBanner />, { wrapper: InEnglish });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.textContent).toBe("");
  });
});
