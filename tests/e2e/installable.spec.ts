import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "@playwright/test";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { BRAND } from "#domain/constants.ts";
import { APP_ICONS, APP_MANIFEST, SERVICE_WORKER } from "#domain/installable-app.ts";
import { openApp } from "./support/app.ts";
import { E2E } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";
import { untilServiceWorkerControls } from "./support/service-worker.ts";

/**
 * Issue 19, decision 037: the app can be installed, and Lighthouse's best practices pass.
 *
 * Lighthouse 13 has no installability audit any more (its PWA category, with `installable-manifest`,
 * went in Lighthouse 12). That audit asked Chromium itself, through the DevTools protocol's
 * `Page.getInstallabilityErrors`: this asks the same question of the same browser, and checks the
 * manifest Chromium parsed (`Page.getAppManifest`) and the files it names.
 */

/** A PNG's width and height, from its header. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test("Chromium finds the app installable: its manifest, its icons and its service worker", async ({
  browserProblems,
}) => {
  // Chromium never offers to install from an off-the-record profile ("in-incognito"), which is what
  // a test's browser context is: this one runs in a profile on disk, as a person's browser does.
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "mates-install-")), {
    executablePath: E2E.chromiumLaunch.executablePath,
    args: E2E.chromiumLaunch.args,
    baseURL: E2E.origin,
  });
  await browserProblems.watch(context);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await openApp(page, "/");
    await untilServiceWorkerControls(page);
    const cdp = await context.newCDPSession(page);

    const manifest = await cdp.send("Page.getAppManifest");
    expect(manifest.url).toBe(`${E2E.origin}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    await expectManifestAndIcons(page);
  } finally {
    await context.close();
  }
});

/** The manifest as served, the files it names, the apple-touch-icon, and the worker's script and scope. */
async function expectManifestAndIcons(page: Page): Promise<void> {
  const served = await page.request.get("/manifest.webmanifest");
  expect(served.headers()["content-type"]).toBe("application/manifest+json");
  const fields = await served.json();
  expect(fields).toMatchObject({ ...APP_MANIFEST, name: BRAND, short_name: BRAND });
  expect(fields.description).toBeTruthy();
  expect(fields.icons).toEqual([
    { src: APP_ICONS.any192, sizes: "192x192", type: "image/png", purpose: "any" },
    { src: APP_ICONS.any512, sizes: "512x512", type: "image/png", purpose: "any" },
    { src: APP_ICONS.maskable512, sizes: "512x512", type: "image/png", purpose: "maskable" },
  ]);
  const icons: [string, number][] = [
    [APP_ICONS.any192, 192],
    [APP_ICONS.any512, 512],
    [APP_ICONS.maskable512, 512],
    [APP_ICONS.appleTouch180, 180],
    [APP_ICONS.badge96, 96],
  ];
  for (const [path, size] of icons) {
    const icon = await page.request.get(path);
    expect(icon.headers()["content-type"], path).toBe("image/png");
    expect(pngSize(await icon.body()), path).toEqual({ width: size, height: size });
  }
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", APP_ICONS.appleTouch180);

  const worker = await page.request.get(SERVICE_WORKER.url);
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(`${E2E.origin}/`);
}

test("Lighthouse's best practices pass on the production build, service worker and all", async () => {
  test.setTimeout(180_000);
  const chrome = await launch({
    chromePath: E2E.chromiumLaunch.executablePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
  try {
    const result = await lighthouse(
      `${E2E.origin}/`,
      { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["best-practices"] },
      {
        extends: "lighthouse:default",
        // Past the splash (4.2 s), so that the service worker registers, installs and takes the
        // page while Lighthouse still watches the console and the browser's issues.
        settings: { pauseAfterLoadMs: 8_000, throttlingMethod: "provided" },
      },
    );
    const report = result?.lhr;
    expect(report, "Lighthouse's report").toBeDefined();
    const category = report?.categories["best-practices"];
    const failing = (category?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => report?.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 1)
      .map(
        (audit) => `${audit?.id}: ${audit?.displayValue ?? ""} ${JSON.stringify(audit?.details ?? {}).slice(0, 400)}`,
      );
    expect(failing).toEqual([]);
    expect(category?.score).toBe(1);
  } finally {
    chrome.kill();
  }
});
