import type { CDPSession, Page } from "@playwright/test";

/**
 * A page's inspector in the state Lighthouse's is in while it loads a page, so that the main-thread
 * benchmarks time what Lighthouse (and, near enough, a person) pays for, not what Playwright's
 * inspector adds (decision record 047).
 *
 * Playwright drives a page through its inspector with the Runtime domain enabled. V8 then records a
 * detailed stack trace, with each frame's line and column, for every error created, and react-dom
 * creates five errors it never throws (its Suspense and hydration sentinels) while its module is
 * evaluated. V8 keeps no source positions for code nobody asked about, so it parses react-dom's
 * module function and the entry chunk's top level again to find those lines: 20–35 ms of start-up's
 * CPU time on this machine that a person's browser does not spend. Lighthouse enables the Debugger
 * domain before it loads a page, to read every script's source; with the debugger on, V8 compiles
 * source positions with the code and never parses again for them.
 */
export async function inspectLikeLighthouse(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Debugger.enable");
  return cdp;
}
