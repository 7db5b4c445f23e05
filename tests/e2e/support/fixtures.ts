import { type BrowserContext, test as base, expect, type Request } from "@playwright/test";
import { E2E } from "./e2e-env.ts";

/**
 * The `test` and `expect` of every end-to-end spec. For every page of every browser context a
 * test uses (the `page`/`context` fixtures and contexts or pages made with `browser.newContext()`
 * or `browser.newPage()`), it records:
 * - Content-Security-Policy violations (`securitypolicyviolation` events, reported from the page),
 * - console messages of type error, and uncaught exceptions (`pageerror`),
 * - answers of our own API with a 4xx or 5xx status, and requests to it that failed on the way
 *   (a refused connection, a reset, a cut-off body; not the ones the app or a navigation aborted),
 * - requests to any other origin (the app talks to nobody but its own server),
 * and fails the test after it ran if any happened, listing them. Console errors and exceptions
 * count on the app's own pages only (its origin, and the blank window it opens for Google): the
 * stand-in for Google's sign-in page is not the app, and its errors are not the app's.
 *
 * A test that provokes a refusal on purpose (a wrong password is a 401, which the browser also
 * logs as "Failed to load resource: … 401") declares its statuses with
 * `browserProblems.allowRefusals([401])`, another console error with `allowConsoleError(/…/)`, and
 * an outside service it drives the browser to (the Google stand-in) with `allowOrigin(origin)`.
 * A test that takes the browser offline on purpose (`context.setOffline(true)`) says so with
 * `allowOffline()`: requests that fail for that reason, and the console lines that report them, do
 * not count. Violations and exceptions cannot be allowed.
 */

/** What Chromium says of a request made while the browser is offline. */
const OFFLINE_FAILURE = "net::ERR_INTERNET_DISCONNECTED";

export type BrowserProblem = {
  kind: "csp-violation" | "console-error" | "page-error" | "api-refusal" | "failed-request" | "other-origin";
  text: string;
  /** The answer's status, for an API refusal. */
  status?: number;
};

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

/** The page a request came from; a service worker's requests have no frame and count as the app's. */
function frameUrl(request: Request): string | undefined {
  try {
    return request.frame().url();
  } catch {
    return undefined;
  }
}

export class BrowserProblems {
  private readonly recorded: BrowserProblem[] = [];
  private readonly allowed: RegExp[] = [];
  private readonly allowedStatuses = new Set<number>();
  private readonly allowedOrigins = new Set<string>();
  private offlineAllowed = false;
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
      this.allowedStatuses.add(status);
      this.allowConsoleError(
        new RegExp(`^Failed to load resource: the server responded with a status of ${status}\\b`),
      );
    }
  }

  /**
   * This test takes the browser offline on purpose: requests that fail because it is offline, the
   * console's reports of them, the service worker's report of a request it could answer neither
   * from the network nor from its cache ("The FetchEvent … resulted in a network error"), and the
   * browser's report of the worker's own script that it could not fetch ("An unknown error occurred
   * when fetching the script.": the app registers the worker once the splash has gone, which may be
   * after the test went offline) do not count.
   */
  allowOffline(): void {
    this.offlineAllowed = true;
    this.allowConsoleError(new RegExp(OFFLINE_FAILURE));
    this.allowConsoleError(/^The FetchEvent for "[^"]+" resulted in a network error response/);
    this.allowConsoleError(/^An unknown error occurred when fetching the script\.$/);
  }

  /** An outside service this test drives the browser to (e.g. the Google stand-in's pages). */
  allowOrigin(origin: string): void {
    this.allowedOrigins.add(new URL(origin).origin);
  }

  /** What was recorded so far, allowed console errors and refusals left out. */
  list(kind?: BrowserProblem["kind"]): BrowserProblem[] {
    return this.recorded.filter(
      (problem) =>
        (kind === undefined || problem.kind === kind) &&
        !(problem.kind === "console-error" && this.allowed.some((pattern) => pattern.test(problem.text))) &&
        !(problem.kind === "api-refusal" && problem.status !== undefined && this.allowedStatuses.has(problem.status)),
    );
  }

  private isOwnApi(url: string): boolean {
    return url.startsWith(`${E2E.origin}/api/`);
  }

  private isElsewhere(url: string): boolean {
    const parsed = new URL(url);
    if (!["http:", "https:", "ws:", "wss:"].includes(parsed.protocol)) return false;
    return parsed.origin !== E2E.origin && !this.allowedOrigins.has(parsed.origin);
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
    context.on("request", (request) => {
      // What the app's own pages ask for; an outside page it opened (Google's) may load what it likes.
      if (this.isElsewhere(request.url()) && isAppPage(frameUrl(request))) {
        this.recorded.push({ kind: "other-origin", text: `${request.method()} ${request.url()}` });
      }
    });
    context.on("response", (response) => {
      const status = response.status();
      if (status < 400 || !this.isOwnApi(response.url())) return;
      const text = `${response.request().method()} ${response.url()}: ${status}`;
      this.recorded.push({ kind: "api-refusal", text, status });
    });
    context.on("requestfailed", (request) => {
      const failure = request.failure()?.errorText ?? "failed";
      // Aborted on purpose: a search superseded by the next keystroke, a stream closed by leaving.
      if (!request.url().startsWith(`${E2E.origin}/`) || failure === "net::ERR_ABORTED") return;
      if (this.offlineAllowed && failure === OFFLINE_FAILURE) return;
      this.recorded.push({ kind: "failed-request", text: `${request.method()} ${request.url()}: ${failure}` });
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
        "CSP violations, console errors, uncaught exceptions, refused or failed API requests, or requests elsewhere",
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
