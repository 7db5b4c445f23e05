import { type BrowserContext, test as base, expect } from "@playwright/test";
import { E2E } from "./e2e-env.ts";

/**
 * The `test` and `expect` of every end-to-end spec. For every page of every browser context a
 * test uses (the `page`/`context` fixtures and contexts or pages made with `browser.newContext()`
 * or `browser.newPage()`), it records:
 * - Content-Security-Policy violations (`securitypolicyviolation` events, reported from the page),
 * - console messages of type error, and uncaught exceptions (`pageerror`),
 * and fails the test after it ran if any happened, listing them. Only the app's own pages count
 * (its origin, and the blank window it opens for Google): the stand-in for Google's sign-in page
 * is not the app, and its errors are not the app's. A test that provokes a console
 * error on purpose (a refused login logs "Failed to load resource: … 401") declares it with
 * `browserProblems.allowConsoleError(/pattern/)`; violations and exceptions cannot be allowed.
 */

export type BrowserProblem = { kind: "csp-violation" | "console-error" | "page-error"; text: string };

type CspViolationReport = {
  directive: string;
  blockedURI: string;
  sourceFile: string;
  lineNumber: number;
  sample: string;
  documentURI: string;
};

const CSP_BINDING = "__matesReportCspViolation";

const isAppPage = (url: string | undefined) =>
  url === undefined || url === "" || url === "about:blank" || url.startsWith(`${E2E.origin}/`) || url === E2E.origin;

export class BrowserProblems {
  private readonly recorded: BrowserProblem[] = [];
  private readonly allowed: RegExp[] = [];
  private readonly watched = new WeakSet<BrowserContext>();

  /** A console error matching this pattern is expected in this test and does not fail it. */
  allowConsoleError(pattern: RegExp): void {
    this.allowed.push(pattern);
  }

  /**
   * Requests this test has refused on purpose, by status: browsers log each as a console error
   * ("Failed to load resource: the server responded with a status of 401 …").
   */
  allowRefusals(statuses: number[]): void {
    for (const status of statuses) {
      this.allowConsoleError(
        new RegExp(`^Failed to load resource: the server responded with a status of ${status}\\b`),
      );
    }
  }

  /** What was recorded so far, allowed console errors left out. */
  list(kind?: BrowserProblem["kind"]): BrowserProblem[] {
    return this.recorded.filter(
      (problem) =>
        (kind === undefined || problem.kind === kind) &&
        !(problem.kind === "console-error" && this.allowed.some((pattern) => pattern.test(problem.text))),
    );
  }

  /** Forgets what was recorded (a test that caused problems on purpose and has checked them). */
  clear(): void {
    this.recorded.length = 0;
  }

  async watch(context: BrowserContext): Promise<void> {
    if (this.watched.has(context)) return;
    this.watched.add(context);
    context.on("console", (message) => {
      if (message.type() !== "error" || !isAppPage(message.page()?.url())) return;
      const where = message.location().url;
      this.recorded.push({ kind: "console-error", text: `${message.text()}${where ? ` (${where})` : ""}` });
    });
    context.on("weberror", (error) => {
      if (!isAppPage(error.page()?.url())) return;
      this.recorded.push({ kind: "page-error", text: error.error().stack ?? error.error().message });
    });
    await context.exposeBinding(CSP_BINDING, (_source, report: CspViolationReport) => {
      if (!isAppPage(report.documentURI)) return;
      const where = report.sourceFile ? ` at ${report.sourceFile}:${report.lineNumber}` : "";
      const sample = report.sample ? ` "${report.sample}"` : "";
      this.recorded.push({
        kind: "csp-violation",
        text: `${report.directive} refused ${report.blockedURI || "inline"}${sample}${where} on ${report.documentURI}`,
      });
    });
    await context.addInitScript((binding: string) => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const report = (window as unknown as Record<string, (report: unknown) => void>)[binding];
        void report?.({
          directive: event.effectiveDirective,
          blockedURI: event.blockedURI,
          sourceFile: event.sourceFile,
          lineNumber: event.lineNumber,
          sample: event.sample,
          documentURI: event.documentURI,
        });
      });
    }, CSP_BINDING);
  }
}

export const test = base.extend<{ browserProblems: BrowserProblems }>({
  browserProblems: [
    async ({ browser }, use) => {
      const problems = new BrowserProblems();
      // Contexts (and pages with their own context) that a test makes itself are watched too.
      const newContext = browser.newContext;
      browser.newContext = async (...args: Parameters<typeof browser.newContext>) => {
        const context = await newContext.apply(browser, args);
        await problems.watch(context);
        return context;
      };
      try {
        await use(problems);
      } finally {
        browser.newContext = newContext;
      }
      const found = problems.list();
      expect(
        found.map((problem) => `${problem.kind}: ${problem.text}`),
        "CSP violations, console errors or uncaught exceptions in the browser",
      ).toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context, browserProblems }, use) => {
    await browserProblems.watch(context);
    await use(context);
  },
});

export { expect };
