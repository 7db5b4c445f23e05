// @vitest-environment happy-dom
import { I18nProvider } from "@lingui/react";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "#domain/constants.ts";
import { DEFAULT_LOCALE } from "#domain/i18n/locales.ts";
import { PHONE_SIGN_IN_ERRORS, type PhoneUser, phoneUserSchema } from "#domain/phone-sign-in.ts";
import { i18n } from "#web/i18n/i18n.ts";
import { appQueryClient } from "#web/lib/query-client.ts";
import { PhoneSignIn } from "./phone-sign-in.tsx";
import { type PhoneRun, PhoneVerification } from "./phone-verification.tsx";

/** What the server was sent, and how it answers each path (a queue per path, the last one kept). */
let sent: { path: string; body: unknown }[];
let answers: Record<string, (() => Response)[]>;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
const refusal = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  json(status, { error: { code, message } }, headers);

const SEND = "/api/auth/phone-number/send-otp";
const VERIFY = "/api/auth/phone-number/verify";
const user: PhoneUser = phoneUserSchema.parse({
  id: "u1",
  name: "",
  email: "",
  phoneNumber: "9820012345",
  phoneNumberVerified: true,
});

function answer(path: string, ...responses: (() => Response)[]) {
  answers[path] = responses;
}

beforeEach(() => {
  sent = [];
  answers = {};
  vi.stubGlobal("fetch", async (path: string, init?: RequestInit) => {
    sent.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const queue = answers[`${init?.method ?? "GET"} ${path}`] ?? answers[path] ?? [];
    const next = queue.length > 1 ? queue.shift() : queue[0];
    return next ? next() : refusal(404, "not_found", "Not found");
  });
});

afterEach(() => {
  cleanup();
  appQueryClient.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Reflect.deleteProperty(window, "OTPCredential");
  window.localStorage.clear();
});

function InEnglish({ children }: { children: ReactNode }) {
  if (i18n.locale !== DEFAULT_LOCALE) i18n.activate(DEFAULT_LOCALE);
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

/** Runs each task at once, as the popup does, and says when it has settled. */
let settled: Promise<void>;
const run: PhoneRun = (task) => {
  settled = task(new AbortController().signal);
};

function renderVerification(props: { updatePhoneNumber?: boolean; initialNumber?: string } = {}) {
  const verified: PhoneUser[] = [];
  render(
    <PhoneVerification
      busy={false}
      run={run}
      onVerified={async (who) => {
        verified.push(who);
      }}
      {...props}
    />,
    { wrapper: InEnglish },
  );
  return verified;
}

async function submit(button: string) {
  fireEvent.click(screen.getByRole("button", { name: button }));
  await act(() => settled);
}

async function sendCodeTo(typed: string) {
  fireEvent.change(screen.getByLabelText("Mobile number"), { target: { value: typed } });
  await submit("Send code");
}

describe("the mobile number", () => {
  it("shows +91 fixed, takes digits, and refuses a number that is not 10 digits from 6-9 at once", () => {
    renderVerification();
    const field = screen.getByLabelText("Mobile number");
    expect(field.getAttribute("autocomplete")).toBe("tel-national");
    expect(field.getAttribute("inputmode")).toBe("numeric");
    expect(field.parentElement?.textContent).toContain("+91");

    fireEvent.click(screen.getByRole("button", { name: "Send code" }));
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(`${field.id}-error`)?.textContent).toBe("Enter your mobile number");

    fireEvent.change(field, { target: { value: "5820012345" } });
    fireEvent.click(screen.getByRole("button", { name: "Send code" }));
    expect(document.getElementById(`${field.id}-error`)?.textContent).toBe(PHONE_SIGN_IN_ERRORS.invalid_phone_number);
    expect(sent).toEqual([]);
  });

  it("sends the 10 digits alone and moves on to the code, with the countdown to a new one", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    answer(SEND, () => json(200, { message: "code sent" }));
    renderVerification();
    await sendCodeTo("+91 98200 12345");
    expect(sent).toEqual([{ path: SEND, body: { phoneNumber: "9820012345" } }]);
    expect(screen.getByText("We sent a code by SMS to +91 98200 12345.")).toBeTruthy();

    const code = screen.getByLabelText("Code from the SMS");
    expect(code.getAttribute("autocomplete")).toBe("one-time-code");
    expect(code.getAttribute("inputmode")).toBe("numeric");
    expect(code.getAttribute("maxlength")).toBe("6");
    expect(screen.getByText("Resend code in 0:30")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Resend code" })).toBeNull();

    // Thirty seconds on, a new code may be asked for.
    vi.setSystemTime(Date.now() + 30_000);
    expect(await screen.findByRole("button", { name: "Resend code" })).toBeTruthy();
    await submit("Resend code");
    expect(sent.map((s) => s.path)).toEqual([SEND, SEND]);
    expect(screen.getByRole("status").textContent).toBe("We sent a new code.");
    expect(screen.getByText("Resend code in 0:30")).toBeTruthy();
  });

  it("says when to try again after too many codes, from the server's Retry-After", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    answer(
      SEND,
      () => json(200, { message: "code sent" }),
      () => refusal(429, "rate_limited", "Too many codes. Try again in 45 seconds.", { "Retry-After": "45" }),
    );
    renderVerification();
    await sendCodeTo("9820012345");
    vi.setSystemTime(Date.now() + 30_000);
    await screen.findByRole("button", { name: "Resend code" });
    await submit("Resend code");
    expect(screen.getByRole("alert").textContent).toBe("Too many tries for now. Please try again in 0:45.");
    expect(await screen.findByText("Resend code in 0:45")).toBeTruthy();
  });

  it("shows a provider's outage as the API's sentence, and stays on the number", async () => {
    answer(SEND, () => refusal(503, "sms_unavailable", PHONE_SIGN_IN_ERRORS.sms_unavailable));
    renderVerification();
    await sendCodeTo("9820012345");
    expect(screen.getByRole("alert").textContent).toBe(PHONE_SIGN_IN_ERRORS.sms_unavailable);
    expect(screen.getByLabelText("Mobile number")).toBeTruthy();
  });
});

describe("the code", () => {
  it("asks for six digits, says a wrong code is wrong, and hands over once the right one is in", async () => {
    answer(SEND, () => json(200, { message: "code sent" }));
    const verified = renderVerification();
    await sendCodeTo("9820012345");

    fireEvent.change(screen.getByLabelText("Code from the SMS"), { target: { value: "12a3" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(screen.getByLabelText("Code from the SMS").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Enter the 6-digit code from the SMS")).toBeTruthy();
    expect(sent.filter((s) => s.path === VERIFY)).toEqual([]);

    answer(
      VERIFY,
      () => refusal(400, "invalid_otp", PHONE_SIGN_IN_ERRORS.invalid_otp),
      () => json(200, { status: true, token: "t", user }),
    );
    fireEvent.change(screen.getByLabelText("Code from the SMS"), { target: { value: "111111" } });
    await submit("Verify");
    expect(screen.getByRole("alert").textContent).toBe(PHONE_SIGN_IN_ERRORS.invalid_otp);
    expect(verified).toEqual([]);

    fireEvent.change(screen.getByLabelText("Code from the SMS"), { target: { value: "123456" } });
    await submit("Verify");
    expect(sent.at(-1)).toEqual({ path: VERIFY, body: { phoneNumber: "9820012345", code: "123456" } });
    expect(verified).toEqual([user]);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says which: an expired code or too many wrong tries empty the field for a new code", async () => {
    answer(SEND, () => json(200, { message: "code sent" }));
    renderVerification();
    await sendCodeTo("9820012345");
    for (const code of ["otp_expired", "too_many_attempts"] as const) {
      answer(VERIFY, () => refusal(code === "otp_expired" ? 400 : 403, code, PHONE_SIGN_IN_ERRORS[code]));
      fireEvent.change(screen.getByLabelText("Code from the SMS"), { target: { value: "222222" } });
      await submit("Verify");
      expect(screen.getByRole("alert").textContent).toBe(PHONE_SIGN_IN_ERRORS[code]);
      expect((screen.getByLabelText("Code from the SMS") as HTMLInputElement).value).toBe("");
    }
  });

  it("adds the number to the signed-in account from the profile, and says when it is another's", async () => {
    answer(SEND, () => json(200, { message: "code sent" }));
    answer(VERIFY, () => refusal(409, "phone_number_taken", PHONE_SIGN_IN_ERRORS.phone_number_taken));
    renderVerification({ updatePhoneNumber: true, initialNumber: "98200 12345" });
    await submit("Send code");
    fireEvent.change(screen.getByLabelText("Code from the SMS"), { target: { value: "123456" } });
    await submit("Verify");
    expect(sent.at(-1)?.body).toEqual({ phoneNumber: "9820012345", code: "123456", updatePhoneNumber: true });
    expect(screen.getByRole("alert").textContent).toBe(PHONE_SIGN_IN_ERRORS.phone_number_taken);
  });

  it("goes back to the number with Change number", async () => {
    answer(SEND, () => json(200, { message: "code sent" }));
    renderVerification();
    await sendCodeTo("9820012345");
    fireEvent.click(screen.getByRole("button", { name: "Change number" }));
    expect((screen.getByLabelText("Mobile number") as HTMLInputElement).value).toBe("9820012345");
  });

  it("reads the code from the SMS where the browser has Web OTP, and checks it by itself", async () => {
    let asked: CredentialRequestOptions | undefined;
    Object.defineProperty(window, "OTPCredential", { value: class {}, configurable: true });
    vi.stubGlobal("navigator", {
      ...navigator,
      credentials: {
        get: async (options: CredentialRequestOptions) => {
          asked = options;
          return { code: "654321" };
        },
      },
    });
    answer(SEND, () => json(200, { message: "code sent" }));
    answer(VERIFY, () => json(200, { status: true, token: "t", user }));
    const verified = renderVerification();
    await sendCodeTo("9820012345");
    await vi.waitFor(() => expect(verified).toEqual([user]));
    expect(asked).toMatchObject({ otp: { transport: ["sms"] } });
    expect(asked?.signal).toBeInstanceOf(AbortSignal);
    expect(sent.at(-1)).toEqual({ path: VERIFY, body: { phoneNumber: "9820012345", code: "654321" } });
  });
});

describe("the popup's mobile number step", () => {
  /** GET /api/me's user once signed in by the number (spec §3's record, email "" for a number's account). */
  const record = (fullName: string) => ({
    uid: `${fullName.replace(/\s/g, "") || "user"}202611`,
    fullName,
    email: "",
    mobile: "9820012345",
    photoURL: null,
    role: "customer",
    fcmToken: "",
    createdAt: "2026-11-27T10:00:00.000Z",
    zone: "Zone001",
    phoneNumber: "9820012345",
    phoneNumberVerified: true,
  });

  function renderStep() {
    const went: string[] = [];
    render(<PhoneSignIn busy={false} run={run} navigate={(to) => void went.push(to)} back={() => {}} />, {
      wrapper: InEnglish,
    });
    return went;
  }

  async function verifyNumber(name: string) {
    answer(SEND, () => json(200, { message: "code sent" }));
    answer(VERIFY, () => json(200, { status: true, token: "t", user: { ...user, name } }));
    answer("/api/auth/get-session?disableCookieCache=true", () => json(200, { session: {}, user: {} }));
    await sendCodeTo("9820012345");
    fireEvent.change(screen.getByLabelText("Code from the SMS"), { target: { value: "123456" } });
    await submit("Verify");
  }

  it("asks a new number's account its name once, saves it, and goes on as after an e-mail sign-up", async () => {
    window.localStorage.setItem(STORAGE_KEYS.redirectAfterLogin, "/profile");
    const went = renderStep();
    await verifyNumber("");
    const name = screen.getByLabelText("What should we call you?");
    expect(name.getAttribute("autocomplete")).toBe("name");
    await submit("Continue");
    expect(document.getElementById(`${name.id}-error`)?.textContent).toBe("Enter your full name");
    expect(went).toEqual([]);

    answer("PATCH /api/me", () => json(200, { user: record("Asha Patil"), authToken: "token-1" }));
    answer("GET /api/me", () => json(200, { user: record("Asha Patil"), authToken: "token-1" }));
    fireEvent.change(name, { target: { value: "  Asha Patil " } });
    await submit("Continue");
    expect(sent.find((s) => s.path === "/api/me" && s.body)?.body).toEqual({ fullName: "Asha Patil" });
    expect(went).toEqual(["/profile"]);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.userInfo) ?? "null")).toEqual({
      email: "",
      uid: "AshaPatil202611",
      name: "Asha Patil",
    });
  });

  it("signs a known number in without asking anything", async () => {
    answer("GET /api/me", () => json(200, { user: record("Priya Sharma"), authToken: "token-2" }));
    const went = renderStep();
    await verifyNumber("Priya Sharma");
    expect(screen.queryByLabelText("What should we call you?")).toBeNull();
    expect(went).toEqual(["/"]);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.userInfo) ?? "null")).toEqual({ email: "" });
  });
});
