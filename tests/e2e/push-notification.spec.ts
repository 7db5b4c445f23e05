import type { BrowserContext, Page, Worker } from "@playwright/test";
import { BRAND } from "#domain/constants.ts";
import { APP_ICONS } from "#domain/installable-app.ts";
import type { PushPayload } from "#domain/push-payload.ts";
import { openApp } from "./support/app.ts";
import { E2E } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";
import { listenForRegistration, untilServiceWorkerControls } from "./support/service-worker.ts";

/**
 * Issue 19, decision 037: the service worker shows a push message as a notification. The message is
 * delivered the way DevTools' "Push" button does it (`ServiceWorker.deliverPushMessage`), straight
 * to the worker. What the worker shows is read in the worker itself: the test wraps its
 * `registration.showNotification` and records each notification the browser has shown (the call's
 * promise resolved). `registration.getNotifications()` is not used: headless Chromium sometimes
 * leaves a notification it has shown out of that list for good (7 pushes of about 170 in a loop
 * here, with the worker running throughout), which made these tests flaky.
 * (What a click does is tested where it is decided: src/web/service-worker/notification.test.ts.)
 */

type Shown = { title: string; body: string; tag: string; icon: string; badge: string; data: unknown };

/** The worker's scope, as far as the spy below touches it. */
type SpiedScope = {
  registration: { showNotification: (title: string, options?: NotificationOptions) => Promise<void> };
  shownForTest: Shown[];
};

/**
 * The app open with its service worker in control and notifications allowed, the worker's
 * notifications recorded; answers a function that pushes a message's text to the worker, and one
 * that reads what it has shown so far.
 */
async function appReadyForPush(page: Page, context: BrowserContext) {
  await context.grantPermissions(["notifications"], { origin: E2E.origin });
  const cdp = await context.newCDPSession(page);
  const registrationId = listenForRegistration(cdp, E2E.origin);
  await cdp.send("ServiceWorker.enable");
  await openApp(page, "/");
  await untilServiceWorkerControls(page);
  const id = await registrationId();
  // The page may learn of its worker before Playwright does: wait for the worker if it is not listed yet.
  const isAppWorker = (candidate: Worker) => new URL(candidate.url()).pathname === "/sw.js";
  const worker =
    context.serviceWorkers().find(isAppWorker) ??
    (await context.waitForEvent("serviceworker", { predicate: isAppWorker }));
  await worker.evaluate(() => {
    const scope = self as unknown as SpiedScope;
    scope.shownForTest = [];
    const show = scope.registration.showNotification.bind(scope.registration);
    scope.registration.showNotification = async (title, options = {}) => {
      await show(title, options);
      const { body = "", tag = "", icon = "", badge = "", data } = options;
      scope.shownForTest.push({ title, body, tag, icon, badge, data });
    };
  });
  return {
    deliver: async (data: string) => {
      await cdp.send("ServiceWorker.deliverPushMessage", { origin: E2E.origin, registrationId: id, data });
    },
    shown: () => worker.evaluate(() => (self as unknown as SpiedScope).shownForTest),
  };
}

test("a push message is shown as a notification that leads to the booking", async ({ page, context }) => {
  const { deliver, shown } = await appReadyForPush(page, context);

  const confirmed: PushPayload = {
    title: "Your mate is on the way",
    body: "Ravi Kumar will be there by 10:30.",
    url: "/mate-assigning?booking=bk_42",
    tag: "booking-bk_42",
  };
  await deliver(JSON.stringify(confirmed));
  const { title, body, tag, url } = confirmed;
  const icons = { icon: APP_ICONS.any192, badge: APP_ICONS.badge96 };
  // A loaded machine may take a while to wake the worker for its first push.
  await expect.poll(shown, { timeout: 20_000 }).toEqual([{ title, body, tag, ...icons, data: { url } }]);
  // The icons it names are the app's own.
  for (const path of Object.values(icons)) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toMatch(/^image\//);
  }

  // The next step of the same booking has the same tag, so that it replaces the first; a mate's job
  // has its own. The two are delivered at once and may be shown in either order.
  await deliver(JSON.stringify({ ...confirmed, title: "Your mate has arrived", body: "Share your start code." }));
  const job: PushPayload = {
    title: "New job",
    body: "Deep cleaning, Friday 10:00.",
    url: "/mate/jobs/77",
    tag: "job-77",
  };
  await deliver(JSON.stringify(job));
  await expect.poll(async () => (await shown()).length).toBe(3);
  expect((await shown()).slice(1).map(({ title, tag, data }) => ({ title, tag, data }))).toEqual(
    expect.arrayContaining([
      { title: "Your mate has arrived", tag: confirmed.tag, data: { url: confirmed.url } },
      { title: job.title, tag: job.tag, data: { url: job.url } },
    ]),
  );
});

test("a message that is not the contract shows a generic notice, and a link off the app is never kept", async ({
  page,
  context,
}) => {
  const { deliver, shown } = await appReadyForPush(page, context);

  await deliver("<b>not JSON</b>");
  await expect
    .poll(async () => (await shown()).map(({ title, body, data }) => ({ title, body, data })), { timeout: 20_000 })
    .toEqual([{ title: BRAND, body: expect.not.stringContaining("not JSON"), data: { url: "/" } }]);

  await deliver(
    JSON.stringify({
      title: "Booking cancelled",
      body: "Refund on its way.",
      url: "https://evil.example/",
      tag: "b-1",
    }),
  );
  await expect.poll(async () => (await shown()).find(({ tag }) => tag === "b-1")?.data).toEqual({ url: "/" });
});
