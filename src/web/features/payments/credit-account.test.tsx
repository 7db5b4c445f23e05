// @vitest-environment happy-dom
import { I18nProvider } from "@lingui/react";
import { cleanup, render as draw, screen, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type CreditAccount, creditAccountSchema } from "#domain/credit.ts";
import { activateLocale, i18n } from "#web/i18n/i18n.ts";
import { appQueryClient } from "#web/lib/query-client.ts";
import { CreditAccountSection } from "./credit-account.tsx";

/** Drawn as the app draws it: in the active language (English here). */
const render = (element: ReactElement) => draw(<I18nProvider i18n={i18n}>{element}</I18nProvider>);
activateLocale("en-IN");

/** What GET /api/me/credit answers in these tests (checked against its schema). */
let answer: CreditAccount;

beforeEach(() => {
  vi.stubGlobal("fetch", async () =>
    Promise.resolve(
      new Response(JSON.stringify(creditAccountSchema.parse(answer)), {
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

describe("the profile's Mates credit", () => {
  it("shows the balance, then every grant, spend and give-back with its reason and dates, newest first", async () => {
    answer = {
      balanceRupees: 251,
      grants: [
        {
          id: "g1",
          rupees: 400,
          leftRupees: 251,
          reason: "Damage claim",
          grantedAt: "2026-11-23T04:30:00.000Z",
          expiresAt: "2027-11-23T04:30:00.000Z",
          expired: false,
        },
      ],
      history: [
        {
          kind: "given_back",
          rupees: 100,
          reason: "Booking cancelled",
          at: "2026-11-25T04:30:00.000Z",
          bookingId: "b2",
        },
        {
          kind: "spent",
          rupees: 249,
          reason: "Paid towards a booking",
          at: "2026-11-24T04:30:00.000Z",
          bookingId: "b1",
        },
        {
          kind: "granted",
          rupees: 400,
          reason: "Damage claim",
          at: "2026-11-23T04:30:00.000Z",
          expiresAt: "2027-11-23T04:30:00.000Z",
        },
      ],
    };
    render(<CreditAccountSection />);
    expect((await screen.findByTestId("credit-balance")).textContent).toBe("₹251");
    const lines = within(screen.getByRole("list", { name: "Credit history" }))
      .getAllByRole("listitem")
      .map((line) => line.textContent);
    expect(lines).toEqual([
      "Given back: Booking cancelled · 25 Nov 2026+₹100",
      "Paid towards a booking · 24 Nov 2026−₹249",
      "Damage claim · 23 Nov 2026 · valid until 23 Nov 2027+₹400",
    ]);
  });

  it("says what lapsed, and when there is none", async () => {
    answer = {
      balanceRupees: 0,
      grants: [
        {
          id: "g1",
          rupees: 100,
          leftRupees: 100,
          reason: "No-show",
          grantedAt: "2025-11-01T04:30:00.000Z",
          expiresAt: "2026-11-01T04:30:00.000Z",
          expired: true,
        },
      ],
      history: [
        {
          kind: "granted",
          rupees: 100,
          reason: "No-show",
          at: "2025-11-01T04:30:00.000Z",
          expiresAt: "2026-11-01T04:30:00.000Z",
        },
      ],
    };
    render(<CreditAccountSection />);
    expect((await screen.findByTestId("credit-balance")).textContent).toBe("₹0");
    expect(screen.getByText("₹100 of “No-show” lapsed on 1 Nov 2026.")).toBeTruthy();
    cleanup();
    appQueryClient.clear();
    answer = { balanceRupees: 0, grants: [], history: [] };
    render(<CreditAccountSection />);
    expect(await screen.findByText("You have no Mates credit yet.")).toBeTruthy();
  });
});
