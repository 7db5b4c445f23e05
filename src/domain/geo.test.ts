import { describe, expect, it } from "vitest";
import { isInIndia } from "./geo.ts";

describe("isInIndia", () => {
  it.each([
    ["Mumbai (Borivali)", 19.23, 72.85],
    ["Navi Mumbai", 19.03, 73.03],
    ["Delhi", 28.61, 77.21],
    ["Kanyakumari", 8.08, 77.55],
    ["Indira Point, Great Nicobar", 6.75, 93.84],
    ["Port Blair, Andaman", 11.62, 92.73],
    ["Kavaratti, Lakshadweep", 10.57, 72.64],
    ["Minicoy, Lakshadweep", 8.28, 73.05],
    ["Koteshwar, Kutch (far west)", 23.68, 68.53],
    ["Kibithu, Arunachal (far east)", 28.28, 97.02],
    ["Leh", 34.15, 77.58],
  ])("holds %s", (_name, lat, lon) => {
    expect(isInIndia(lat, lon)).toBe(true);
  });

  it.each([
    ["London", 51.5, -0.12],
    ["New York", 40.71, -74.0],
    ["the Arabian Sea off Oman", 15, 65],
    ["Dubai", 25.2, 55.27],
    ["Singapore", 1.35, 103.82],
    ["Beijing", 39.9, 116.4],
    ["Null Island", 0, 0],
    ["south of the Nicobars", 5.5, 93.8],
  ])("leaves out %s", (_name, lat, lon) => {
    expect(isInIndia(lat, lon)).toBe(false);
  });
});
