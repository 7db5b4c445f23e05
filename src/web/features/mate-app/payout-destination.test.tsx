// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appQueryClient } from "#web/lib/query-client.ts";
import { InEnglish } from "./in-english.tsx";
import { PayoutDestinationCard } from "./payout-destination.tsx";

/** What the server was asked (method, body), and what it answers. */
let asked: { method: string; body: unknown }[];
let destination: unknown;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

beforeEach(() => {
  asked = [];
  destination = null;
  vi.stubGlobal("fetch", async (_input: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    asked.push({ method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === "PUT") {
      destination = {
        kind: "vpa",
        holderName: "Suresh Kumar",
        masked: "su••••@okaxis",
        ifsc: null,
        addedAt: "2026-11-23T10:00:00.000Z",
        heldUntil: "2026-11-24T10:00:00.000Z",
      };
    }
    return json(200, { destination });
  });
});

afterEach(() => {
  cleanup();
  appQueryClient.clear();
  vi.unstubAllGlobals();
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByRole("textbox", { name: label }), { target: { value } });

describe("where the mate is paid", () => {
  it("checks a bank account before sending it: the numbers typed twice, the IFSC", async () => {
    render(<PayoutDestinationCard />, { wrapper: InEnglish });
    fireEvent.click(await screen.findByLabelText("Bank account"));
    type("Account holder's name", "Suresh Kumar");
    type("Account number", "50100123454321");
    type("Account number again", "50100123454322");
    type("IFSC", "HDFC1234567");
    fireEvent.click(screen.getByRole("button", { name: "Save payout details" }));
    expect((await screen.findByText(/two account numbers differ/)).textContent).toMatch(/Type the same number twice/);
    expect(screen.getByText(/An IFSC is 11 characters/)).toBeTruthy();
    expect(asked.filter((request) => request.method === "PUT")).toEqual([]);
  });

  it("sends a UPI ID and shows it masked, with the hold on the next payout", async () => {
    render(<PayoutDestinationCard />, { wrapper: InEnglish });
    await screen.findByRole("textbox", { name: "UPI ID" });
    type("UPI ID", "suresh.k@okaxis");
    fireEvent.click(screen.getByRole("button", { name: "Save payout details" }));
    expect(await screen.findByText("su••••@okaxis")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toMatch(/next payout waits until/);
    expect(asked).toContainEqual({ method: "PUT", body: { kind: "vpa", upiId: "suresh.k@okaxis" } });
    expect(screen.getByRole("button", { name: "Change payout details" })).toBeTruthy();
  });
});
