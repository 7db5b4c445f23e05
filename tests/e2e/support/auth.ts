import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { MESSAGES, STORAGE_KEYS } from "#domain/constants.ts";
import { E2E } from "./e2e-env.ts";

/**
 * Helpers for the accounts journeys. Every test makes its own people: unique e-mails, created
 * through the product's own API when the journey is not about the sign-up form.
 */

export type TestUser = { name: string; email: string; password: string; mobile: string };

export function uniqueEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export function newUser(label: string, overrides: Partial<TestUser> = {}): TestUser {
  return {
    name: "Priya Sharma",
    email: uniqueEmail(label),
    password: "chai-and-rain-42",
    mobile: "98200 12345",
    ...overrides,
  };
}

let clients = 0;

/**
 * Each API sign-up or sign-in of the tests comes from an address of its own, as separate people's
 * would: the e2e server trusts X-Forwarded-For from loopback (TRUST_PROXY=loopback), so the per-address rate limits of
 * the accounts endpoints apply per test person, not to the whole suite on 127.0.0.1.
 */
export function clientAddress(): Record<string, string> {
  clients++;
  return { "x-forwarded-for": `10.${process.pid % 250}.${Math.floor(clients / 250) % 250}.${clients % 250}` };
}

/**
 * Signs a person in through POST /api/auth/sign-in/email: with a page's `page.request` the session
 * cookie lands in that page's browser context.
 */
export async function signInThroughApi(request: APIRequestContext, user: TestUser): Promise<void> {
  const response = await request.post("/api/auth/sign-in/email", {
    data: { email: user.email, password: user.password },
    headers: { origin: E2E.origin, ...clientAddress() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Signs a person up through POST /api/auth/sign-up/email. With a page's `page.request` the session
 * cookie lands in that page's browser context (signed in); with the `request` fixture it does not
 * (the account exists, nobody is signed in).
 */
export async function signUpThroughApi(request: APIRequestContext, user: TestUser): Promise<void> {
  const response = await request.post("/api/auth/sign-up/email", {
    data: { name: user.name, email: user.email, password: user.password, mobile: user.mobile },
    headers: { origin: E2E.origin, ...clientAddress() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Accepts every window.alert and keeps its text, in order. */
export function collectAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.on("dialog", (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  return alerts;
}

/**
 * Browsers log a failed request ("Failed to load resource: … 401") as a console error. A journey
 * that provokes a refusal on purpose removes exactly those lines, and only for these statuses.
 */
export function withoutRefusals(errors: string[], statuses: number[]): string[] {
  return errors.filter(
    (line) =>
      !statuses.some((status) =>
        line.includes(`Failed to load resource: the server responded with a status of ${status}`),
      ),
  );
}

export const headerLogin = (page: Page): Locator =>
  page.getByRole("banner").getByRole("button", { name: "Login", exact: true });
export const headerProfile = (page: Page): Locator => page.getByRole("banner").getByRole("link", { name: "Profile" });
export const loginDialog = (page: Page): Locator => page.getByRole("dialog");

export async function openLoginPopup(page: Page): Promise<Locator> {
  await headerLogin(page).click();
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Log in to Mates" })).toBeVisible();
  return dialog;
}

/**
 * Waits until an open dialog takes a click outside it. Radix starts listening for one in a
 * zero-delay timer once the dialog has mounted, and Chromium handles input before timers, so a
 * click sent the moment the dialog shows can land before anything listens (a person is never that
 * quick). Focus inside the dialog says its mount effects have run, which queued that timer; a
 * zero-delay timer the page queues after it runs after it.
 */
export async function untilDismissable(dialog: Locator): Promise<void> {
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await dialog.page().evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/**
 * The welcome toast greeting `name`, watched for from now on: it lives 2.5 s, and a look for it
 * after the steps that follow a sign-in (or the page load that greets) can come after it has gone
 * on a busy machine. Call before the action that brings it; await what it answers afterwards.
 */
export function watchForWelcome(page: Page, name: string): Promise<void> {
  const seen = page.getByText(MESSAGES.welcomeBack(name)).waitFor();
  // Awaited later; a journey that fails before then must not also report this look as unhandled.
  seen.catch(() => {});
  return seen;
}

/** Fills the login view and submits it. */
export async function logInWithForm(dialog: Locator, email: string, password: string): Promise<void> {
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Login", exact: true }).click();
}

export function readLocal(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

export function readSession(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.sessionStorage.getItem(k), key);
}

export const readToken = (page: Page) => readLocal(page, STORAGE_KEYS.authToken);

/** The mails the SMTP catcher holds for an address (newest last). */
export async function mailsTo(request: APIRequestContext, email: string) {
  const response = await request.get(`${E2E.inboxUrl}/?to=${encodeURIComponent(email)}`);
  return (await response.json()) as { subject: string; text: string; html: string }[];
}
