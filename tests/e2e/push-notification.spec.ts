import type { BrowserContext, Page } from "@playwright/test";
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
 * to the worker; the notifications it shows are read back with `registration.getNotifications()`.
 * (What a click does is tested where it is decided: src/web/service-worker/notification.test.ts.)
 */

type Shown = { title: string; body: string; tag: string; icon: string; badge: string; data: unknown };

const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map(
      ({ title, body, tag, icon, badge, data }): Shown => ({ title, body, tag, icon, badge, data }),
    );
  });

/**
 * The app open with its service worker in control and notifications allowed; answers a function
 * that pushes a message's text to the worker.
 */
async function appReadyForPush(page: Page, context: BrowserContext): Promise<(data: string) => Promise<void>> {
  await context.grantPermissions(["notifications"], { origin: E2E.origin });
  const cdp = await context.newCDPSession(page);
  const registrationId = listenForRegistration(cdp, E2E.origin);
  await cdp.send("ServiceWorker.enable");
  await openApp(page, "/");
  await untilServiceWorkerControls(page);
  const id = await registrationId();
  return async (data) => {
    await cdp.send("ServiceWorker.deliverPushMessage", { origin: E2E.origin, registrationId: id, data });
  };
}

test("a push message is shown as a notification that leads to the booking", async ({ page, context }) => {
  const deliver = await appReadyForPush(page, context);

  const confirmed: PushPayload = {
    title: "Your mate is on the way",
    body: "Ravi Kumar will be there by 10:30.",
    url: "/mate-assigning?booking=bk_42",
    tag: "booking-bk_42",
  };
  await deliver(JSON.stringify(confirmed));
  const icon = new URL(APP_ICONS.any192, E2E.origin).href;
  const badge = new URL(APP_ICONS.badge96, E2E.origin).href;
  const { title, body, tag, url } = confirmed;
  // A loaded machine may take a while to wake the worker for its first push.
  await expect
    .poll(() => shownNotifications(page), { timeout: 20_000 })
    .toEqual([{ title, body, tag, icon, badge, data: { url } }]);

  // The next step of the same booking replaces it (the same tag); a mate's job has its own.
  await deliver(JSON.stringify({ ...confirmed, title: "Your mate has arrived", body: "Share your start code." }));
  const job: PushPayload = {
    title: "New job",
    body: "Deep cleaning, Friday 10:00.",
    url: "/mate/jobs/77",
    tag: "job-77",
  };
  await deliver(JSON.stringify(job));
  await expect
    .poll(async () => (await shownNotifications(page)).map(({ title, tag, data }) => ({ title, tag, data })))
    .toEqual([
      { title: "Your mate has arrived", tag: confirmed.tag, data: { url: confirmed.url } },
      { title: job.title, tag: job.tag, data: { url: job.url } },
    ]);
});

test("a message that is not the contract shows a generic notice, and a link off the app is never kept", async ({
  page,
  context,
}) => {
  const deliver = await appReadyForPush(page, context);

  await deliver("<b>not JSON</b>");
  await expect
    .poll(async () => (await shownNotifications(page)).map(({ title, body, data }) => ({ title, body, data })))
    .toEqual([{ title: BRAND, body: expect.not.stringContaining("not JSON"), data: { url: "/" } }]);

  await deliver(
    JSON.stringify({
      title: "Booking cancelled",
      body: "Refund on its way.",
      url: "https://evil.example/",
      tag: "b-1",
    }),
  );
  await expect
    .poll(async () => (await shownNotifications(page)).find(({ tag }) => tag === "b-1")?.data)
    .toEqual({ url: "/" });
});
