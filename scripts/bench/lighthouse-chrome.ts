import { launch } from "chrome-launcher";
import type lighthouse from "lighthouse";

/** What the Lighthouse benchmarks share (lighthouse-bench.ts, languages-bench.ts). */

/** The system's Chromium (`CHROME_PATH`, default /usr/bin/chromium), headless, for Lighthouse to drive. */
export function launchChrome() {
  return launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
}

export const ms = (value: number | undefined) =>
  value === undefined ? "–" : `${Math.round(value).toLocaleString("en-US")} ms`;
export const score = (value: number | null | undefined) =>
  value === null || value === undefined ? "–" : Math.round(value * 100);

export type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];
