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

test("the same watch records a refused API call, a request that failed and a request to another origin", async ({
  page,
  browserProblems,
}) => {
  await openApp(page, "/");
  // The connection dropped mid-way: the one request of ours a test cannot make the server fail.
  await page.route("**/api/catalogue/dropped", (route) => route.abort("connectionreset"));
  await page.evaluate(async (elsewhere) => {
    await fetch("/api/bookings").catch(() => undefined);
    await fetch("/api/catalogue/dropped").catch(() => undefined);
    // The policy stops a fetch elsewhere before it leaves; a window opened elsewhere it does not.
    window.open(elsewhere);
  }, "http://elsewhere.invalid/track");

  await expect
    .poll(() => browserProblems.list().map((problem) => problem.kind))
    .toEqual(expect.arrayContaining(["api-refusal", "failed-request", "other-origin"]));
  expect(browserProblems.list("api-refusal").map((problem) => problem.status)).toEqual([401]);
  expect(browserProblems.list("other-origin").map((problem) => problem.text)).toEqual(
    expect.arrayContaining(["GET http://elsewhere.invalid/track"]),
  );
  browserProblems.allowRefusals([401]);
  expect(browserProblems.list("api-refusal"), "a refusal the test expects is left out").toEqual([]);
  browserProblems.clear();
});
