import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { TIMINGS } from "#domain/constants.ts";

/**
 * Opens a path as a person would and waits until the start-up splash (3.2 s + 1 s fade) is gone,
 * so the test acts on the app, not on the splash that covers it.
 */
export async function openApp(page: Page, path = "/"): Promise<void> {
  await page.goto(path);
  await expect(page.locator("#splash")).toHaveCount(0, { timeout: TIMINGS.splashMs + TIMINGS.splashFadeMs + 5_000 });
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
