import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type Response } from "@playwright/test";
import { TIMINGS } from "#domain/constants.ts";

/**
 * Opens a path as a person would and waits until the start-up splash (3.2 s + 1 s fade) is gone,
 * so the test acts on the app, not on the splash that covers it. Answers the page's own response.
 */
export async function openApp(page: Page, path = "/"): Promise<Response | null> {
  const response = await page.goto(path);
  await expect(page.locator("#splash")).toHaveCount(0, { timeout: TIMINGS.splashMs + TIMINGS.splashFadeMs + 5_000 });
  return response;
}

/** axe-core on the page as it is now: no serious or critical violation passes. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

/** Fails the test on any console error or uncaught exception in the page. */
export function failOnConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/**
 * Chromium logs a document's own 404 as a console error; for a page that should be a 404 (an
 * unknown path or service), that is the point, so such tests allow it.
 */
export const DOCUMENT_404 = /^Failed to load resource: the server responded with a status of 404\b/;
