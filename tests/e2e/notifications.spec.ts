import { PUSH_CHOICE_KEY } from "#domain/web-push.ts";
import { openApp } from "./support/app.ts";
import { mailsTo, newUser, readLocal, signUpThroughApi } from "./support/auth.ts";
import { expect, test } from "./support/fixtures.ts";
import { upToPayment } from "./support/job-journey.ts";

/**
 * Issue 19, the customer's side of notifications: the browser is never asked on a first visit or
 * before a booking; after the first booking the booking's page offers notifications, and "Not now"
 * is remembered on the device; the booking's confirmation and its mate arrive by mail once each;
 * the profile turns rating reminders off, kept by the server.
 */
test("offers notifications only after the first booking, mails its steps once, and keeps the choices", async ({
  page,
}) => {
  const user = newUser("notices");
  await openApp(page, "/");
  await signUpThroughApi(page.request, user);
  await openApp(page, "/profile");
  await expect(page.getByRole("heading", { name: "Your profile" })).toBeVisible();
  // Nobody asked the browser: its answer is still "default", and no offer stands before a booking.
  expect(await page.evaluate(() => Notification.permission)).toBe("default");
  await expect(page.getByRole("heading", { name: "Know when your mate is on the way" })).toHaveCount(0);

  await upToPayment(page, {
    // A service no other journey books, so this booking takes no mate another journey counts on.
    service: "/service/bathroom-cleaning",
    option: /^1 bathroom/,
    home: { flat: "N-19", search: "Gore", locality: "Goregaon", pincode: "400062" },
  });
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(page.getByTestId("booking-step").getByText("Your mate is assigned")).toBeVisible();
  const offer = page.getByRole("region", { name: "Know when your mate is on the way" });
  await expect(offer).toBeVisible();
  expect(await page.evaluate(() => Notification.permission)).toBe("default");
  await offer.getByRole("button", { name: "Not now" }).click();
  await expect(offer).toBeHidden();
  expect(await readLocal(page, PUSH_CHOICE_KEY)).toBe("off");
  await page.reload();
  await expect(page.getByTestId("booking-step").getByText("Your mate is assigned")).toBeVisible();
  await expect(offer).toHaveCount(0);

  // The booking's first steps, by mail, once each.
  await expect
    .poll(async () => (await mailsTo(page.request, user.email)).map((mail) => mail.subject).sort())
    .toEqual([expect.stringMatching(/^Booking confirmed: Bathroom Cleaning, /), expect.stringMatching(/^Your mate: /)]);
  const mails = await mailsTo(page.request, user.email);
  const confirmed = mails.find((mail) => mail.subject.startsWith("Booking confirmed"));
  expect(confirmed?.text).toContain(`Hi ${user.name.split(" ")[0]},`);
  expect(confirmed?.text).toContain("Where: Goregaon");
  expect(confirmed?.html).toContain("See your booking");

  // The mail as a phone's mail app shows it, light and dark: the brand's header, the system's
  // typeface (not a serif default), the button, the page and card darkened in dark mode.
  const mailView = await page.context().newPage();
  await mailView.setViewportSize({ width: 390, height: 844 });
  await mailView.setContent(confirmed?.html ?? "");
  await expect(mailView.getByText("Mates", { exact: true })).toHaveCSS("background-color", "rgb(15, 107, 100)");
  await expect(mailView.getByText(`Hi ${user.name.split(" ")[0]},`)).toHaveCSS("font-family", /^system-ui,/);
  const button = mailView.getByRole("link", { name: "See your booking" });
  await expect(button).toHaveAttribute("href", /\/mate-assigning\?booking=/);
  await expect(button).toHaveCSS("color", "rgb(255, 255, 255)");
  const card = mailView.locator(".m-card");
  await expect(card).toHaveCSS("background-color", "rgb(255, 255, 255)");
  await mailView.emulateMedia({ colorScheme: "dark" });
  await expect(card).toHaveCSS("background-color", "rgb(17, 26, 25)");
  await expect(button).toHaveCSS("color", "rgb(255, 255, 255)");
  await mailView.close();

  // The profile: this device's notifications are off; rating reminders turn off and stay off.
  await openApp(page, "/profile");
  const settings = page.getByRole("region", { name: "Notifications" });
  await expect(settings.getByTestId("push-state")).toHaveText("Off on this device.");
  const reminders = settings.getByRole("checkbox", { name: /Rating reminders/ });
  await expect(reminders).toBeChecked();
  await reminders.uncheck();
  await expect(reminders).not.toBeChecked();
  await expect
    .poll(async () => (await (await page.request.get("/api/notification-settings")).json()) as unknown)
    .toEqual({ settings: { ratingPrompts: false } });
  await page.reload();
  await expect(
    page.getByRole("region", { name: "Notifications" }).getByRole("checkbox", { name: /Rating reminders/ }),
  ).not.toBeChecked();
});
