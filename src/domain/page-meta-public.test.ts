import { describe, expect, it } from "vitest";
import type { Service } from "./catalogue.ts";
import { serviceMeta } from "./page-meta-public.ts";

const service = (overrides: Partial<Service>): Service => ({
  name: "deep-cleaning",
  title: "Deep Cleaning",
  group: "Homekit",
  description: "A top-to-bottom clean of the whole home.",
  icon: "sparkles",
  includes: [],
  excludes: [],
  options: [{ key: "1bhk", label: "1 BHK", priceRupees: 2999, durationMinutes: 240 }],
  ...overrides,
});

describe("a service page's title and description", () => {
  it("names the group for Renova and Nearkart, not for the rest", () => {
    expect(serviceMeta(service({})).title).toBe("Deep Cleaning");
    expect(serviceMeta(service({ group: "Renova", title: "Home Painting" })).title).toBe("Home Painting · Renova");
    expect(serviceMeta(service({ group: "Nearkart", title: "Bakery" })).title).toBe("Bakery · Nearkart");
  });

  it("keeps a short description whole, and cuts a long one at a word, within 160 characters", () => {
    expect(serviceMeta(service({})).description).toBe("A top-to-bottom clean of the whole home.");
    const long = `${"Every room, every corner, scrubbed and dusted by two verified mates, ".repeat(5)}done.`;
    const cut = serviceMeta(service({ description: long })).description;
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith("…")).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cut.slice(0, -1).endsWith(" ")).toBe(false);
  });
});
