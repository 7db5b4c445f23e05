import { openApp } from "./support/app.ts";
import { expect, test } from "./support/fixtures.ts";

/**
 * Issue 12 §2: the Content-Security-Policy is on, and the shared fixture (support/fixtures.ts),
 * which fails every test on a violation, really sees one.
 */

test("the page is served with its policy, and an injected inline script or style attribute is refused and recorded", async ({
  page,
  browserProblems,
}) => {
  const response = await page.goto("/");
  const policy = response?.headers()["content-security-policy"] ?? "";
  expect(policy).toMatch(/script-src 'self' ?[^;]*;/);
  expect(policy).not.toContain("'unsafe-inline'");
  expect(response?.headers()["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
  await openApp(page, "/");
  expect(browserProblems.list(), "the app itself runs without a violation").toEqual([]);

  const ran = await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "document.body.dataset.injected = 'ran';";
    document.body.append(script);
    const marked = document.createElement("div");
    marked.setAttribute("style", "color: rgb(255, 0, 0)");
    document.body.append(marked);
    return { script: document.body.dataset.injected ?? "refused", style: getComputedStyle(marked).color };
  });

  expect(ran.script).toBe("refused");
  expect(ran.style).not.toBe("rgb(255, 0, 0)");
  await expect
    .poll(() => browserProblems.list("csp-violation").map((problem) => problem.text.split(" ")[0]))
    .toEqual(expect.arrayContaining(["script-src-elem", "style-src-attr"]));
  // Both refusals were provoked here and have been checked: they must not fail this test.
  browserProblems.clear();
});
