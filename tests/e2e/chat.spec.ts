import { newUser, signUpThroughApi } from "./support/auth.ts";
import { expect, test } from "./support/fixtures.ts";
import { type JourneyCast, upToPayment, withMatePhone } from "./support/job-journey.ts";

/**
 * Issue 18, both sides of the marketplace side by side: the customer and their mate chat about the
 * booking, live both ways; a phone number and an e-mail address the customer types reach the mate
 * hidden, the punctuation around them kept; read marks follow.
 */
const AC_MATE: JourneyCast = {
  mateId: "mate-012",
  password: "borivali-breeze-2026",
  customerName: "Neha Kulkarni",
  home: { flat: "F-21", search: "Bori", locality: "Borivali", pincode: "400066" },
  mateDevice: "Pixel 7",
  checkScreen: async () => {},
};

test("customer and mate chat live, and a number and an address reach the mate hidden", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await withMatePhone(browser, AC_MATE, async (matePage) => {
    await signUpThroughApi(page.request, newUser("chat", { name: AC_MATE.customerName }));
    await upToPayment(page, { service: "/service/ac-service", option: /Split AC – service/, home: AC_MATE.home });
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect(page.getByTestId("booking-step").getByText("Your mate is assigned")).toBeVisible();

    await matePage
      .getByRole("region", { name: "Upcoming" })
      .getByRole("link", { name: /AC Service and Repair for Neha/ })
      .click();
    const mateChat = matePage.getByRole("region", { name: "Chat" });
    await expect(mateChat).toContainText("No messages yet");

    const chat = page.getByRole("region", { name: "Chat" });
    await chat.getByRole("button", { name: /^Chat with Vikas/ }).click();
    await chat
      .getByLabel("Message to Vikas")
      .fill("The society gate is on the left. Call me on 98200 12345, or mail neha@example.com; flat 12B.");
    await chat.getByRole("button", { name: "Send" }).click();
    await expect(chat.getByRole("list", { name: "Messages" })).toContainText("Call me on 98200 12345");

    // Live on the mate's phone, with the number hidden; opening it marks it read for the customer.
    await expect(mateChat.getByRole("list", { name: "Messages" })).toContainText(
      "The society gate is on the left. Call me on [phone number hidden], or mail [e-mail hidden]; flat 12B.",
    );
    await expect(chat.getByRole("list", { name: "Messages" })).toContainText("Read");

    await mateChat.getByLabel("Message to Neha").fill("Thanks, I will call through the app");
    await mateChat.getByRole("button", { name: "Send" }).click();
    await expect(chat.getByRole("list", { name: "Messages" })).toContainText("Thanks, I will call through the app");
    await expect(mateChat.getByRole("list", { name: "Messages" })).toContainText("Read");
  });
});
