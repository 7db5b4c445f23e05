import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { servedAreaOf } from "#domain/served-area.ts";
import { loadGazetteer } from "./gazetteer.ts";
import { readGoogleReverse, readNominatimReverse, readNominatimSearch } from "./providers.ts";

/** The documented response shapes, as hand-made fixtures (see fixtures/README in shared data). */
const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), "utf8"));
const gazetteer = loadGazetteer();

describe("readGoogleReverse", () => {
  it("takes the most specific of locality, sublocality, administrative_area_level_2: Borivali West", () => {
    const reading = readGoogleReverse(fixture("google-reverse-borivali"));
    expect(reading).toEqual({ kind: "found", city: "Borivali West" });
    expect(servedAreaOf("Borivali West")).toBe("Borivali");
  });

  it("reads an unserved city the same way", () => {
    expect(readGoogleReverse(fixture("google-reverse-pune"))).toEqual({ kind: "found", city: "Deccan Gymkhana" });
  });

  it("treats ZERO_RESULTS as nobody knowing the place", () => {
    expect(readGoogleReverse(fixture("google-reverse-zero-results"))).toEqual({ kind: "none" });
  });

  it.each([
    ["google-reverse-request-denied", /REQUEST_DENIED/],
    ["google-reverse-invalid-request", /INVALID_REQUEST/],
    ["google-reverse-over-query-limit", /OVER_QUERY_LIMIT/],
    ["google-reverse-unknown-error", /UNKNOWN_ERROR/],
  ])("treats %s (HTTP 200) as an error", (name, reason) => {
    const reading = readGoogleReverse(fixture(name));
    expect(reading.kind).toBe("error");
    expect(reading.kind === "error" && reading.reason).toMatch(reason);
  });

  it("does not trust a body without a status", () => {
    expect(readGoogleReverse({ results: [] }).kind).toBe("error");
    expect(readGoogleReverse("nonsense").kind).toBe("error");
  });
});

describe("readNominatimReverse", () => {
  it("looks past city=Mumbai and an administrative ward to the postcode: Andheri", () => {
    expect(readNominatimReverse(fixture("nominatim-reverse-andheri"), gazetteer)).toEqual({
      kind: "found",
      city: "Andheri",
    });
  });

  it("prefers the suburb inside a metropolis: Andheri West", () => {
    expect(readNominatimReverse(fixture("nominatim-reverse-andheri-zoom13"), gazetteer)).toEqual({
      kind: "found",
      city: "Andheri West",
    });
  });

  it("takes the village outside the city: Kelva, and Kelve, which is served too", () => {
    expect(readNominatimReverse(fixture("nominatim-reverse-kelva"), gazetteer)).toEqual({
      kind: "found",
      city: "Kelva",
    });
    const kelve = readNominatimReverse(fixture("nominatim-reverse-kelva-spelled-kelve"), gazetteer);
    expect(kelve).toEqual({ kind: "found", city: "Kelve" });
    expect(servedAreaOf("Kelve")).toBe("Kelva");
  });

  it('treats {"error":"Unable to geocode"} as nobody knowing the place', () => {
    expect(readNominatimReverse(fixture("nominatim-reverse-unable-to-geocode"), gazetteer)).toEqual({ kind: "none" });
  });

  it("treats a 400 body as an error", () => {
    expect(readNominatimReverse(fixture("nominatim-reverse-error-400"), gazetteer).kind).toBe("error");
  });
});

describe("readNominatimSearch", () => {
  it("reads name, display_name and coordinates", () => {
    const results = readNominatimSearch(fixture("nominatim-search-malad"));
    expect(results).toHaveLength(5);
    for (const result of results) {
      expect(result.name).toBeTruthy();
      expect(result.displayName).toContain(",");
      expect(result.lat).toBeGreaterThan(18);
      expect(result.lon).toBeGreaterThan(72);
    }
  });

  it("reads an empty answer as no places", () => {
    expect(readNominatimSearch(fixture("nominatim-search-xyzzy"))).toEqual([]);
  });

  it("refuses a body that is not a list", () => {
    expect(() => readNominatimSearch({ error: "x" })).toThrow();
  });
});
