import type { Page } from "@playwright/test";
import { LIMITS } from "#domain/constants.ts";
import { SEARCH_ALIASES } from "#domain/search-aliases.ts";
import { searchServices } from "#domain/service-search.ts";
import { expectNoSeriousA11yViolations, failOnConsoleErrors, openApp } from "./support/app.ts";
import { SEED_SERVICES, seedService } from "./support/catalogue.ts";
import { expect, test } from "./support/fixtures.ts";
import { pathOf } from "./support/view.ts";

/** Spec §2 header search, §5 (from 2 characters), §9 (at most 6 suggestions). */

const searchBox = (page: Page) => page.getByRole("banner").getByRole("combobox", { name: "Search services" });
const suggestions = (page: Page) => page.getByRole("listbox", { name: "Service suggestions" }).getByRole("option");
/** What the app finds: titles first, then what Mumbai types for each service (record 070). */
const find = (query: string, limit?: number) => searchServices(SEED_SERVICES, query, limit, SEARCH_ALIASES);
const titles = (query: string) => find(query).map((service) => service.title);
const plumber = seedService("the plumber", (service) => service.title === "Plumber");

/** Suggestions show a service's title with its group beneath: match the title at the start. */
const optionTitles = (page: Page) =>
  suggestions(page).evaluateAll(
    (options, all) => {
      return options.map((option) => all.find((title) => option.textContent?.startsWith(title)) ?? option.textContent);
    },
    [...SEED_SERVICES.map((service) => service.title)].sort((a, b) => b.length - a.length),
  );

// A broad two-letter query that matches more titles than may be shown.
const broad = ["an", "in", "er", "ca"].find(
  (query) => find(query, Number.POSITIVE_INFINITY).length > LIMITS.serviceSuggestions,
);

test("suggestions start at two characters, never exceed six, ignore case and forgive a typo", async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  await openApp(page, "/");
  const box = searchBox(page);
  await expect(box).toHaveAttribute("aria-expanded", "false");

  await box.fill(plumber.title.slice(0, 1).toLowerCase());
  await expect(page.getByRole("listbox", { name: "Service suggestions" })).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");

  const two = plumber.title.slice(0, 2).toLowerCase();
  await box.fill(two);
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await expect.poll(() => optionTitles(page)).toEqual(titles(two));
  expect(titles(two)).toContain(plumber.title);

  expect(broad, "the seed has a two-letter query with more than six matches").toBeDefined();
  const query = broad ?? "";
  await box.fill(query);
  await expect(suggestions(page)).toHaveCount(LIMITS.serviceSuggestions);
  await expect.poll(() => optionTitles(page)).toEqual(titles(query));
  await expect(page.getByRole("status").filter({ hasText: "services found" })).toHaveText(
    `${LIMITS.serviceSuggestions} services found.`,
  );
  await expectNoSeriousA11yViolations(page);

  await box.fill(query.toUpperCase());
  await expect.poll(() => optionTitles(page)).toEqual(titles(query));

  await box.fill("pLuMbEr");
  await expect.poll(() => optionTitles(page)).toEqual([plumber.title]);

  await box.fill("plumbr");
  await expect.poll(() => optionTitles(page)).toEqual([plumber.title]);

  await box.fill("zzqx");
  await expect(suggestions(page)).toHaveCount(0);
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByText("No services match “zzqx”.").first()).toBeVisible();
  expect(errors).toEqual([]);
});

test("the search is an ARIA combobox: arrows move the active option, Escape closes, Enter opens", async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  await openApp(page, "/about");
  const box = searchBox(page);
  const query = broad ?? "";
  const expected = find(query);

  await box.click();
  await page.keyboard.type(query);
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await expect(box).toHaveAttribute("aria-autocomplete", "list");
  const listboxId = await page.getByRole("listbox", { name: "Service suggestions" }).getAttribute("id");
  await expect(box).toHaveAttribute("aria-controls", listboxId ?? "");
  await expect(box).not.toHaveAttribute("aria-activedescendant", /.+/);

  const options = suggestions(page);
  await page.keyboard.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-activedescendant", (await options.nth(0).getAttribute("id")) ?? "");
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-activedescendant", (await options.nth(1).getAttribute("id")) ?? "");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "false");
  await page.keyboard.press("ArrowUp");
  await expect(box).toHaveAttribute("aria-activedescendant", (await options.nth(0).getAttribute("id")) ?? "");
  await expect(box).toBeFocused();

  await page.keyboard.press("Escape");
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("listbox", { name: "Service suggestions" })).toBeHidden();
  await expect(box).not.toHaveAttribute("aria-activedescendant", /.+/);
  await expect(box).toHaveValue(query);

  // ArrowDown reopens the list; the second suggestion is opened with Enter.
  await page.keyboard.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-activedescendant", (await options.nth(1).getAttribute("id")) ?? "");
  await page.keyboard.press("Enter");
  const chosen = expected[1];
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(chosen?.title ?? "");
  expect(pathOf(page)).toBe(`/service/${chosen?.name}`);
  await expect(box).toHaveValue("");
  expect(errors).toEqual([]);
});

test("clicking a suggestion opens that service's page", async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  await openApp(page, "/cart");
  const query = "plumbr";
  await searchBox(page).fill(query);
  await suggestions(page).filter({ hasText: plumber.title }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(plumber.title);
  expect(pathOf(page)).toBe(`/service/${plumber.name}`);
  await expect(page.getByRole("listbox", { name: "Service suggestions" })).toBeHidden();
  expect(errors).toEqual([]);
});

test("the search finds services as Mumbai types them, in Devanagari and in Latin letters (issue 40)", async ({
  page,
}) => {
  const errors = failOnConsoleErrors(page);
  await openApp(page, "/");
  const box = searchBox(page);
  const electrician = seedService("the electrician", (service) => service.name === "electrician");
  const painting = seedService("home painting", (service) => service.name === "home-painting");
  for (const [query, service] of [
    ["नल", plumber],
    ["bijli wala", electrician],
    ["rangkaam", painting],
  ] as const) {
    await box.fill(query);
    await expect.poll(() => optionTitles(page), query).toEqual(titles(query));
    expect(titles(query)[0]).toBe(service.title);
  }
  await suggestions(page).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(painting.title);
  expect(errors).toEqual([]);
});
