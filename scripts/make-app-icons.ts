/**
 * Makes the installable app's PNG icons (decision 037) from the brand mark in
 * src/web/public/favicon.svg: the teal rounded square with the white wrench. Chromium draws them
 * (the system's own, as the end-to-end tests use; CHROMIUM_PATH to choose another), so the PNGs
 * are the SVG's own shapes, not a redrawing. The PNGs are committed; run this again after changing
 * the mark:
 *
 *   node scripts/make-app-icons.ts
 *
 * - icon-192.png, icon-512.png ("any"): the mark as it is, corners transparent.
 * - icon-maskable-512.png: the teal to every edge and the wrench inside the central circle of 80%
 *   that every mask keeps (the "safe zone" of maskable icons).
 * - apple-touch-icon.png (180): square and opaque; iOS rounds the corners itself.
 * - badge-96.png: the wrench alone, white on transparent, for a notification's badge.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const root = fileURLToPath(new URL("..", import.meta.url));
const favicon = readFileSync(`${root}src/web/public/favicon.svg`, "utf8");
const outDir = `${root}src/web/public/icons`;

/** The favicon's 32-unit drawing: its rounded square and its wrench group, taken from the file. */
function part(pattern: RegExp, name: string): string {
  const found = pattern.exec(favicon)?.[0];
  if (!found) throw new Error(`favicon.svg no longer has its ${name}: update scripts/make-app-icons.ts`);
  return found;
}
const square = part(/<rect\b[^>]*\/>/, "<rect>");
const wrench = part(/<g\b[\s\S]*<\/g>/, "<g>");
const teal = /fill="(#[0-9a-f]{6})"/i.exec(square)?.[1] ?? "#0b4f4a";

/** An SVG of `size` pixels: a full-bleed background (or none), and the wrench scaled to `wrenchShare` of the side. */
function drawing(size: number, { background, markOnly, wrenchShare }: Icon): string {
  // The favicon's wrench group spans 24 of its 32 units (translate(4 4), a 24-unit path).
  const scale = (size * wrenchShare) / 24;
  const offset = (size - 24 * scale) / 2;
  const wrenchOnly = wrench.replace(/<g\b[^>]*>/, (g) => g.replace(/transform="[^"]*"/, ""));
  const body = markOnly
    ? `<g transform="scale(${size / 32})">${square}${wrench}</g>`
    : `${background ? `<rect width="${size}" height="${size}" fill="${background}"/>` : ""}<g transform="translate(${offset} ${offset}) scale(${scale})">${wrenchOnly}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${body}</svg>`;
}

type Icon = { file: string; size: number; background?: string; markOnly?: boolean; wrenchShare: number };

const icons: Icon[] = [
  { file: "icon-192.png", size: 192, markOnly: true, wrenchShare: 0.75 },
  { file: "icon-512.png", size: 512, markOnly: true, wrenchShare: 0.75 },
  // The wrench's 24-unit box at 50% of the side stays within the safe circle (radius 40%).
  { file: "icon-maskable-512.png", size: 512, background: teal, wrenchShare: 0.5 },
  { file: "apple-touch-icon.png", size: 180, background: teal, wrenchShare: 0.6 },
  { file: "badge-96.png", size: 96, wrenchShare: 0.8 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${drawing(icon.size, icon)}`,
    );
    await page.locator("svg").screenshot({ path: `${outDir}/${icon.file}`, omitBackground: true });
    process.stdout.write(`${outDir}/${icon.file}\n`);
  }
} finally {
  await browser.close();
}
