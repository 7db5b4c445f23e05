import { defineConfig, devices } from "@playwright/test";
import { E2E } from "./tests/e2e/support/e2e-env.ts";
// Prints the Node that runs the tests and stops on one older than 22.12 (decision record 013).
import "./scripts/require-node.js";

/**
 * End-to-end tests drive the production build, started the way `npm start` starts it
 * (`node src/server/main.ts` over a fresh embedded database), in the system's Chromium.
 */
const baseURL = E2E.origin;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: E2E.chromiumLaunch,
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined }, testIgnore: /mobile\.spec\.ts/ },
    { name: "mobile", use: { ...devices["Pixel 7"], channel: undefined }, testMatch: /mobile\.spec\.ts/ },
  ],
  webServer: {
    // Local SMTP and OpenID Connect servers, then `node src/server/main.ts` on a fresh DATA_DIR.
    command: "node tests/e2e/support/e2e-server.ts",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
  },
});
