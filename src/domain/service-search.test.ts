import { describe, expect, it } from "vitest";
import { LIMITS } from "./constants.ts";
import { allowedTypos, editDistance, searchServices, searchWords } from "./service-search.ts";

const titles = [
  "Deep Cleaning",
  "Bathroom Cleaning",
  "Kitchen Cleaning",
  "Sofa Cleaning",
  "Pest Control",
  "AC Service and Repair",
  "Electrician",
  "Plumber",
  "Carpenter",
  "Appliance Repair",
  "Groceries",
  "Medicines",
  "Hardware and Tools",
  "Stationery",
  "Fruits and Vegetables",
  "Flowers and Puja Items",
  "Pet Supplies",
  "Bakery",
  "Home Painting",
  "Waterproofing",
  "False Ceiling",
  "Modular Kitchen",
  "Tiling and Flooring",
  "Interior Design",
  "Home Automation",
  "Full-Home Renovation",
];
const services = titles.map((title) => ({ title }));
const search = (query: string, limit?: number) => searchServices(services, query, limit).map((s) => s.title);

describe("searchServices", () => {
  it("starts only at the minimum number of characters, after trimming", () => {
    expect(LIMITS.serviceSearchMinChars).toBe(2);
    expect(search("")).toEqual([]);
    expect(search("p")).toEqual([]);
    expect(search("   p  ")).toEqual([]);
    expect(search("pl")).toContain("Plumber");
    expect(search("  pl ")).toContain("Plumber");
  });

  it("returns at most six suggestions", () => {
    expect(LIMITS.serviceSuggestions).toBe(6);
    expect(search("in").length).toBe(6);
    expect(search("in", 3).length).toBe(3);
  });

  it("is case-insensitive", () => {
    expect(search("PLUMBER")).toEqual(["Plumber"]);
    expect(search("aC")[0]).toBe("AC Service and Repair");
  });

  it("finds AC Service from 'ac' first", () => {
    expect(search("ac")[0]).toBe("AC Service and Repair");
  });

  it("ranks exact prefix above word prefix above substring", () => {
    // "Kitchen Cleaning" starts with "kitchen"; "Modular Kitchen" has it as a later word.
    expect(search("kitchen")).toEqual(["Kitchen Cleaning", "Modular Kitchen"]);
    // "ea" starts no word but sits inside several titles.
    const ea = search("ea");
    expect(ea).toContain("Deep Cleaning");
    // "home": both start a title, then "Full-Home Renovation" where it starts a later word.
    expect(search("home")).toEqual(["Home Painting", "Home Automation", "Full-Home Renovation"]);
    // "pair" is only inside words: substring matches come before the fuzzy "pain(ting)".
    expect(search("pair")).toEqual(["Appliance Repair", "AC Service and Repair", "Home Painting"]);
  });

  it("matches every word of a multi-word query against the words of a title", () => {
    expect(search("kitchen clean")[0]).toBe("Kitchen Cleaning");
    expect(search("clean sofa")).toEqual(["Sofa Cleaning"]);
    expect(search("ac repair")[0]).toBe("AC Service and Repair");
  });

  it("forgives small typos", () => {
    expect(search("plumbr")).toEqual(["Plumber"]);
    expect(search("plumbar")).toEqual(["Plumber"]);
    expect(search("electrcian")).toEqual(["Electrician"]);
    expect(search("carpneter")).toEqual(["Carpenter"]);
    const cleening = search("cleening");
    expect(cleening).toHaveLength(4);
    expect(cleening).toEqual(
      expect.arrayContaining(["Deep Cleaning", "Bathroom Cleaning", "Kitchen Cleaning", "Sofa Cleaning"]),
    );
    expect(search("kichen cleening")[0]).toBe("Kitchen Cleaning");
    expect(search("pest contrl")).toEqual(["Pest Control"]);
  });

  it("matches half-typed words with a typo", () => {
    expect(search("cleen")).toEqual(expect.arrayContaining(["Deep Cleaning", "Sofa Cleaning"]));
    expect(search("waterpr")).toEqual(["Waterproofing"]);
  });

  it("does not fuzz short words or match unrelated titles", () => {
    expect(search("zz")).toEqual([]);
    expect(search("xyzzy")).toEqual([]);
    expect(search("car")).toEqual(["Carpenter"]);
    expect(search("plumbing services")).toEqual([]);
  });

  it("puts closer typos first", () => {
    const results = searchServices([{ title: "Printer" }, { title: "Painter" }], "paintes");
    expect(results.map((s) => s.title)).toEqual(["Painter", "Printer"]);
  });

  it("keeps catalogue order for equal matches and returns the original objects", () => {
    const items = [
      { title: "Sofa Cleaning", name: "sofa" },
      { title: "Deep Cleaning", name: "deep" },
    ];
    const results = searchServices(items, "cleaning");
    expect(results.map((s) => s.name)).toEqual(["sofa", "deep"]);
    expect(results[0]).toBe(items[0]);
  });
});

describe("editDistance", () => {
  it("counts insertions, deletions, substitutions and adjacent swaps", () => {
    expect(editDistance("plumber", "plumber")).toBe(0);
    expect(editDistance("plumbr", "plumber")).toBe(1);
    expect(editDistance("plumbers", "plumber")).toBe(1);
    expect(editDistance("cleening", "cleaning")).toBe(1);
    expect(editDistance("tehcnician", "technician")).toBe(1);
    expect(editDistance("abc", "xyz")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
  });

  it("stops early above the maximum", () => {
    expect(editDistance("abcdef", "uvwxyz", 1)).toBe(2);
    expect(editDistance("a", "abcdef", 2)).toBe(3);
  });
});

describe("helpers", () => {
  it("splits titles into lowercase words", () => {
    expect(searchWords("Full-Home Renovation")).toEqual(["full", "home", "renovation"]);
    expect(searchWords("AC Service & Repair")).toEqual(["ac", "service", "repair"]);
    expect(searchWords("Café")).toEqual(["cafe"]);
  });

  it("allows more typos for longer words", () => {
    expect(allowedTypos(3)).toBe(0);
    expect(allowedTypos(4)).toBe(1);
    expect(allowedTypos(6)).toBe(1);
    expect(allowedTypos(7)).toBe(2);
  });
});
