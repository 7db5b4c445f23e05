import type { Page } from "@playwright/test";
import { ABOUT_ANCHORS, SERVICE_GROUPS, SERVICE_HOURS, TAGLINE } from "#domain/constants.ts";
import { CONTACT } from "#domain/contact.ts";
import { expectNoSeriousA11yViolations, failOnConsoleErrors, openApp } from "./support/app.ts";
import { servicesOf, startingWith } from "./support/catalogue.ts";
import { expect, test } from "./support/fixtures.ts";
import { expectScrolledTo, pathOf } from "./support/view.ts";

/** Spec §1, §2 footer (home route only): group buttons, company links, contact details, hours. */

const footer = (page: Page) => page.getByRole("contentinfo");
const h1 = (page: Page) => page.getByRole("heading", { level: 1 });

test("the footer shows the company's contact details, social links and service hours", async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  await openApp(page, "/");
  const contact = footer(page);
  await expect(contact).toBeVisible();

  await expect(contact).toContainText(CONTACT.company);
  for (const line of CONTACT.address) await expect(contact).toContainText(line);

  const telLinks = contact.locator('a[href^="tel:"]');
  await expect(telLinks).toHaveCount(3);
  expect(CONTACT.phones).toHaveLength(3);
  for (const phone of CONTACT.phones) {
    const link = contact.getByRole("link", { name: phone.number, exact: true });
    await expect(link).toHaveAttribute("href", `tel:${phone.number.replaceAll(" ", "")}`);
    await expect(link).toHaveAttribute("href", /^tel:\+\d{10,13}$/);
    await expect(contact.getByRole("listitem").filter({ hasText: phone.number })).toContainText(phone.label);
  }
  await expect(contact.getByRole("link", { name: CONTACT.email, exact: true })).toHaveAttribute(
    "href",
    `mailto:${CONTACT.email}`,
  );

  for (const social of CONTACT.social) {
    const link = contact.getByRole("link", { name: `${social.name} (opens in a new tab)`, exact: true });
    await expect(link).toHaveAttribute("href", social.href);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
  }

  await expect(contact).toContainText(SERVICE_HOURS.days);
  await expect(contact).toContainText(`${SERVICE_HOURS.opens} to ${SERVICE_HOURS.closes}`);
  await expect(contact).toContainText(TAGLINE);

  await contact.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);
  expect(errors).toEqual([]);
});

test("company links open the About page at their section; the footer is only on the home route", async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  await openApp(page, "/");
  const company = footer(page).getByRole("navigation", { name: "Company" });
  // The About page's sections, then the professionals' way in (issue 16).
  await expect(company.getByRole("link")).toHaveText([
    ...ABOUT_ANCHORS.map((anchor) => anchor.label),
    "Work with Mates",
  ]);
  await expect(company.getByRole("link", { name: "Work with Mates" })).toHaveAttribute("href", "/join");

  for (const anchor of ABOUT_ANCHORS) {
    await test.step(anchor.id, async () => {
      const link = company.getByRole("link", { name: anchor.label, exact: true });
      await expect(link).toHaveAttribute("href", `/about#${anchor.id}`);
      await link.click();
      await expect.poll(() => pathOf(page)).toBe(`/about#${anchor.id}`);
      const section = page.getByRole("region", { name: anchor.label, exact: true });
      await expect(section).toHaveAttribute("id", anchor.id);
      await expectScrolledTo(section);
      // Spec §2: the footer is on the home route only.
      await expect(footer(page)).toHaveCount(0);
      await page.goBack();
      await expect(h1(page)).toHaveText(TAGLINE);
    });
  }

  await page.getByRole("banner").getByRole("link", { name: /^Cart/ }).click();
  await expect(h1(page)).toHaveText("Your cart");
  await expect(footer(page)).toHaveCount(0);
  await page.getByRole("main").getByRole("link", { name: "Browse services" }).click();
  await expect(footer(page)).toBeVisible();
  expect(errors).toEqual([]);
});

test("Homekit, Nearkart and Renova go home, scrolled to the services, with that tab selected", async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  // Start on /services (also a home route) so "go home" is a change of path; the first group
  // is the default tab, so it is chosen last, after another.
  await openApp(page, "/services");
  const groups = [...SERVICE_GROUPS.slice(1), SERVICE_GROUPS[0]];
  for (const group of groups) {
    await test.step(group, async () => {
      await footer(page).getByRole("navigation", { name: "Services" }).getByRole("button", { name: group }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe("/");
      await expect(page.getByRole("tab", { name: group })).toHaveAttribute("aria-selected", "true");
      for (const other of SERVICE_GROUPS.filter((name) => name !== group)) {
        await expect(page.getByRole("tab", { name: other })).toHaveAttribute("aria-selected", "false");
      }
      const first = servicesOf(group)[0];
      await expect(
        page.getByRole("tabpanel", { name: group }).getByRole("link", { name: startingWith(first?.title ?? "") }),
      ).toBeVisible();
      await expectScrolledTo(page.getByRole("region", { name: "Services", exact: true }));
    });
  }
  // The same group again (the URL does not change): back up to the services all the same.
  const last = groups.at(-1) ?? SERVICE_GROUPS[0];
  await footer(page).getByRole("navigation", { name: "Services" }).getByRole("button", { name: last }).click();
  await expectScrolledTo(page.getByRole("region", { name: "Services", exact: true }));
  await expect(page.getByRole("tab", { name: last })).toHaveAttribute("aria-selected", "true");
  expect(errors).toEqual([]);
});
