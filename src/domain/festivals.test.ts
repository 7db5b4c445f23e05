import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { serviceSchema } from "./catalogue.ts";
import { FESTIVALS, upcomingFestivals } from "./festivals.ts";

const at = (iso: string) => new Date(iso);
const order = (iso: string) =>
  upcomingFestivals(at(iso)).map((o) => `${o.festival.id} ${o.date}${o.onNow ? " (on now)" : ""}`);

describe("festival packages", () => {
  it("puts the next festival first on 22 November 2026, Diwali having passed", () => {
    expect(order("2026-11-22T06:30:00Z")).toEqual([
      "christmas 2026-12-25",
      "monsoon 2027-06-10",
      "ganesh-chaturthi 2027-09-04",
      "navratri 2027-09-30",
      "diwali 2027-10-29",
    ]);
  });

  it("puts festivals on now first, nearest day first", () => {
    expect(order("2026-10-20T06:30:00Z").slice(0, 3)).toEqual([
      "diwali 2026-11-08 (on now)",
      "christmas 2026-12-25",
      "monsoon 2027-06-10",
    ]);
    expect(order("2027-09-01T06:30:00Z").slice(0, 3)).toEqual([
      "ganesh-chaturthi 2027-09-04 (on now)",
      "navratri 2027-09-30",
      "diwali 2027-10-29",
    ]);
  });

  it("counts days in Mumbai's time zone, and the festival day itself is still on", () => {
    // 18:29 UTC on 24 December is 23:59 in Mumbai, a day before; 19:00 UTC is already 25 December.
    expect(upcomingFestivals(at("2026-12-24T18:29:00Z"))[0]).toMatchObject({ date: "2026-12-25", daysAway: 1 });
    const [first] = upcomingFestivals(at("2026-12-24T19:00:00Z"));
    expect(first).toMatchObject({ date: "2026-12-25", daysAway: 0, onNow: true });
  });

  it("leaves out a festival with no date left", () => {
    expect(upcomingFestivals(at("2029-01-01T00:00:00Z"))).toEqual([]);
  });

  it("names only options the shipped catalogue has", () => {
    const catalogue = serviceSchema
      .array()
      .parse(JSON.parse(readFileSync(new URL("../server/catalogue/catalogue-seed.json", import.meta.url), "utf8")));
    for (const festival of FESTIVALS) {
      for (const line of festival.lines) {
        const service = catalogue.find((s) => s.name === line.service);
        expect(
          service?.options.map((o) => o.key),
          `${festival.id}: ${line.service}/${line.option}`,
        ).toContain(line.option);
      }
    }
  });
});
