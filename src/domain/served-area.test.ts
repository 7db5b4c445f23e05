import { describe, expect, it } from "vitest";
import { SERVED_AREAS } from "./constants.ts";
import { servedAreaOf } from "./served-area.ts";

describe("servedAreaOf (spec §9, with real names)", () => {
  it.each(SERVED_AREAS.map((area) => [area]))("matches %s itself, in any case", (area) => {
    expect(servedAreaOf(area)).toBe(area);
    expect(servedAreaOf(area.toUpperCase())).toBe(area);
    expect(servedAreaOf(`${area} West, Mumbai`)).toBe(area);
  });

  it.each([
    ["Borivli", "Borivali"],
    ["Kandivli East", "Kandivali"],
    ["Kelve", "Kelva"],
    ["Kelwa", "Kelva"],
    ["Mira-Bhayander", "Bhayandar"],
    ["Bhayander West", "Bhayandar"],
    ["Charkop", "Kandivali"],
    ["Versova", "Andheri"],
    ["Lokhandwala Complex", "Andheri"],
    ["Kashimira", "Mira Road"],
    ["Oshiwara", "Jogeshwari"],
    ["Borivali West", "Borivali"],
    ["अंधेरी", "Andheri"],
  ])("counts the alias %s as %s", (name, area) => {
    expect(servedAreaOf(name)).toBe(area);
  });

  it.each([
    ["Maladi"],
    ["Maladakal"],
    ["Malady"],
    ["Khandheri"],
    ["Andherighat"],
    ["Jandheri"],
    ["Colaba"],
    ["Pune"],
    ["Mumbai"],
    [""],
  ])("does not count %s, which merely contains a served name or is elsewhere", (name) => {
    expect(servedAreaOf(name)).toBeUndefined();
  });
});
