// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EnglishOnly } from "#web/i18n/english-only.tsx";
import { appQueryClient } from "#web/lib/query-client.ts";
import { MateJoinPage } from "./mate-join-page.tsx";

/** The API's answers by path, as /api/mate-invitations/* gives them; the requests are kept. */
function answering(answers: Record<string, { status: number; body: unknown }>) {
  const sent: { path: string; body: unknown }[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), "http://localhost").pathname;
    sent.push({ path, body: JSON.parse(String(init?.body ?? "{}")) });
    const answer = answers[path] ?? { status: 404, body: { error: { code: "not_found", message: "Nothing" } } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "Content-Type": "application/json" },
    });
  });
  return sent;
}

const page = (search: string) =>
  render(
    <EnglishOnly>
      <MemoryRouter initialEntries={[`/mate/join${search}`]}>
        <MateJoinPage />
      </MemoryRouter>
    </EnglishOnly>,
  );

afterEach(() => {
  cleanup();
  appQueryClient.clear();
  vi.unstubAllGlobals();
});

const TOKEN = "AbCdEfGhIjKlMnOpQrStUvWx";

describe("a mate's SMS invitation page", () => {
  it("greets the mate, sends a code to the masked number and says a wrong code is wrong", async () => {
    const sent = answering({
      "/api/mate-invitations/check": { status: 200, body: { name: "Sunil Kadam", phoneNumber: "+91 ••••• ••740" } },
      "/api/mate-invitations/send-code": { status: 200, body: { message: "code sent" } },
      "/api/mate-invitations/verify": {
        status: 400,
        body: { error: { code: "invalid_otp", message: "That code is not right. Check the SMS and try again." } },
      },
    });
    page(`?t=${TOKEN}`);
    expect(
      await screen.findByText("Hello Sunil Kadam. We will send a 6-digit code by SMS to +91 ••••• ••740."),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Send me a code" }));
    const field = await screen.findByLabelText("Code from the SMS");
    expect(field.getAttribute("autocomplete")).toBe("one-time-code");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Enter the 6 digits of the code.")).toBeTruthy();
    fireEvent.change(field, { target: { value: "12 34 56" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect((await screen.findByRole("alert")).textContent).toBe("That code is not right. Check the SMS and try again.");
    expect(sent.map((request) => request.path)).toEqual([
      "/api/mate-invitations/check",
      "/api/mate-invitations/send-code",
      "/api/mate-invitations/verify",
    ]);
    expect(sent.at(-1)?.body).toEqual({ token: TOKEN, code: "123456" });
  });

  it("says so when the link is used, expired or missing", async () => {
    answering({
      "/api/mate-invitations/check": {
        status: 400,
        body: { error: { code: "invalid_token", message: "This invitation link is invalid." } },
      },
    });
    page(`?t=${TOKEN}`);
    expect(
      await screen.findByText("This invitation link is invalid, used or expired. Ask the Mates team for a new one."),
    ).toBeTruthy();
    cleanup();
    page("");
    expect(screen.getByText("Log in with your mobile number from the Mates app.", { exact: false })).toBeTruthy();
  });
});
