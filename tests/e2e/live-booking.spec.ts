import type { APIRequestContext, Route } from "@playwright/test";
import { newUser, signUpThroughApi } from "./support/auth.ts";
import { E2E } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";
import { bookAtHome, upToPayment } from "./support/job-journey.ts";

/**
 * Issue 36, defect 0: whatever the order in which the page's code, its reads of the booking, the
 * event stream's opening and the booking's changes happen, the customer's booking screen ends up
 * showing the booking as it is now, without a reload. Any mate will do here, so these journeys book
 * a kitchen cleaning (nine cleaners): the electricians near Borivali are the named mates of other
 * journeys running beside them (rework.spec.ts), which would otherwise find their mate taken.
 */

// The code and the answers are held here through page.route; a service worker would answer the
// page's code from its precache, which page.route never sees (decision 037).
test.use({ serviceWorkers: "block" });

/** Something held back by a route until the test lets it go. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

async function statusOf(request: APIRequestContext, id: string): Promise<string> {
  const answer = await request.get(`/api/bookings/${id}`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { booking: { status: string } }).booking.status;
}

test("the mate assigned while the booking screen's code is still on its way is shown when it arrives", async ({
  page,
}) => {
  await signUpThroughApi(page.request, newUser("live-booking-code"));
  // The booking screen's code (and its prefetch during the splash) waits until the mate is assigned.
  const code = gate();
  await page.route(/\/assets\/mate-assigning-page-[^/]+\.js$/, async (route) => {
    await code.opened;
    await route.continue();
  });
  await upToPayment(page, {
    service: "/service/kitchen-cleaning",
    option: /Kitchen – 1 BHK size/,
    home: { flat: "C-7", search: "Mala", locality: "Malad", pincode: "400064" },
    nthTime: 2,
  });
  const placed = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/api/bookings",
  );
  await page.getByRole("button", { name: "Confirm booking" }).click();
  const { booking } = (await (await placed).json()) as { booking: { id: string } };
  // The mate is assigned (the booking says so) while the screen has not been drawn yet.
  await expect.poll(() => statusOf(page.request, booking.id)).toBe("assigned");
  await expect(page).toHaveURL(/\/booking\/payment/);

  code.open();
  await expect(page).toHaveURL(`/mate-assigning?booking=${booking.id}`);
  await expect(page.getByTestId("booking-step")).toHaveText("Your mate is assigned");
});

test("a change made while the screen's first read and the event stream are both on their way is shown", async ({
  page,
}) => {
  await signUpThroughApi(page.request, newUser("live-booking-read"));
  await bookAtHome(page, {
    service: "/service/kitchen-cleaning",
    option: /Kitchen – 1 BHK size/,
    home: { flat: "D-3", search: "Kand", locality: "Kandivali", pincode: "400067" },
  });
  const id = new URL(page.url()).searchParams.get("booking") ?? "";

  // The screen opened again reads the booking; its first read is answered with the booking as it
  // is now (the mate assigned), and that answer is held back. So is the opening of the event stream.
  const read = gate();
  const firstRead: { route?: Route; answer?: Awaited<ReturnType<Route["fetch"]>> } = {};
  await page.route(`**/api/bookings/${id}`, async (route) => {
    if (firstRead.route || route.request().method() !== "GET") {
      await route.continue();
      return;
    }
    firstRead.route = route;
    firstRead.answer = await route.fetch();
    read.open();
  });
  const stream = gate();
  const streamHeld = gate();
  await page.route("**/api/events", async (route) => {
    streamHeld.open();
    await stream.opened;
    await route.continue();
  });
  // The screen asks for both as it starts, under the splash: nothing here waits for the splash.
  await page.goto(`/mate-assigning?booking=${id}`);
  await read.opened;
  await streamHeld.opened;

  // The customer cancels from another device: the change is stored before the stream is open, so
  // no event of it reaches this tab; the answer held back was read before it.
  const cancel = await page.request.post(`/api/bookings/${id}/cancel`, {
    data: { chargeRupees: 0 },
    headers: { origin: E2E.origin },
  });
  expect(cancel.status()).toBe(200);
  expect(await statusOf(page.request, id)).toBe("cancelled");

  // The stream opens: the screen reads the booking again and shows it cancelled, even though the
  // older answer has not arrived yet; when it does, it changes nothing.
  stream.open();
  await expect(page.getByTestId("booking-step")).toHaveText("This booking is cancelled.");
  await firstRead.route?.fulfill({ response: firstRead.answer }).catch(() => {
    // the screen dropped that read: the answer has nowhere to go
  });
  await expect(page.getByTestId("booking-step")).toHaveText("This booking is cancelled.");
});
