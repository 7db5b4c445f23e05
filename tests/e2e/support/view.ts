import { expect, type Locator, type Page } from "@playwright/test";

/**
 * The element was scrolled to as an anchor target: its top sits just below the sticky header
 * (not hidden under it) — or, when the page cannot scroll further, the page is at its bottom
 * with the element's top on screen.
 */
export async function expectScrolledTo(target: Locator): Promise<void> {
  await expect
    .poll(
      () =>
        target.evaluate((element) => {
          const top = Math.round(element.getBoundingClientRect().top);
          const headerBottom = Math.round(document.querySelector("header")?.getBoundingClientRect().bottom ?? 0);
          const atBottom = Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1;
          if (top < headerBottom - 1) return `top ${top}px is under the header (bottom ${headerBottom}px)`;
          if (top <= headerBottom + 160 || (atBottom && top < window.innerHeight)) return "scrolled to";
          return `top ${top}px is not near the top of the viewport (header bottom ${headerBottom}px)`;
        }),
      { message: "the anchor target is scrolled into view below the header" },
    )
    .toBe("scrolled to");
}

export function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}

export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Nothing sticks out sideways: the page never scrolls horizontally. Measured against the
 * device's width, not window.innerWidth: a mobile browser widens innerWidth to fit content
 * that overflows, which would hide the very overflow this looks for.
 */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const device = page.viewportSize()?.width ?? 0;
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(device).toBeGreaterThan(0);
  expect(scroll, `page width ${scroll}px fits the ${device}px screen`).toBeLessThanOrEqual(device);
}
