import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiErrorSchema } from "#domain/api-error.ts";
import { geoFixture, startFakeGeocoders } from "#testing/fake-geocoders.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { NOMINATIM_INTERVAL_MS } from "./geo.ts";

let fakes: Awaited<ReturnType<typeof startFakeGeocoders>>;
let t: TestApp;
/** The app's clock: moved on by hand, so Nominatim's gate opens without waiting for it. */
let clock = Date.now();

beforeAll(async () => {
  fakes = await startFakeGeocoders();
  t = await createTestApp({
    now: () => new Date(clock),
    env: { GOOGLE_MAPS_API_KEY: "TEST_KEY", GOOGLE_GEOCODING_URL: fakes.googleUrl, NOMINATIM_URL: fakes.nominatimUrl },
  });
});
afterAll(async () => {
  await t.close();
  await fakes.close();
});
beforeEach(() => {
  fakes.requests.length = 0;
});

// Each test uses its own coordinates: answers are cached per ~100 m square.
let lat = 19.2;
const nextPoint = () => {
  lat += 0.01;
  return { lat: Number(lat.toFixed(4)), lon: 72.8491 };
};
const reverse = (p: { lat: number; lon: number }) => t.request(`/api/geo/reverse?lat=${p.lat}&lon=${p.lon}`);
/** Moves the clock past Nominatim's one-request-a-second gate. */
const openGate = () => {
  clock += NOMINATIM_INTERVAL_MS;
};

describe("GET /api/geo/reverse", () => {
  it("asks Google first, with latlng and the key, and answers its most specific name", async () => {
    fakes.handlers.google = () => ({ status: 200, body: geoFixture("google-reverse-borivali") });
    const p = { lat: 19.23, lon: 72.8491 };
    const response = await reverse(p);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ city: "Borivali West", served: true, source: "google" });
    const [asked] = fakes.asked("/geocode/json");
    expect(asked?.url.searchParams.get("latlng")).toBe("19.23,72.849");
    expect(asked?.url.searchParams.get("key")).toBe("TEST_KEY");
  });

  it("falls back to Nominatim when Google refuses, with an identifying User-Agent", async () => {
    fakes.handlers.google = () => ({ status: 200, body: geoFixture("google-reverse-request-denied") });
    fakes.handlers.reverse = () => ({ status: 200, body: geoFixture("nominatim-reverse-andheri-zoom13") });
    openGate(); // Nominatim's one-request-a-second gate
    const response = await reverse({ lat: 19.1364, lon: 72.8296 });
    expect(await response.json()).toEqual({ city: "Andheri West", served: true, source: "nominatim" });
    const [asked] = fakes.asked("/nominatim/reverse");
    expect(asked?.url.searchParams.get("format")).toBe("json");
    expect(asked?.headers["user-agent"]).toMatch(/^Mates\/1\.0 \(\+http:\/\/localhost:3000\)$/);
  });

  it("falls back to the gazetteer when both fail, and never answers 500", async () => {
    fakes.handlers.google = () => ({ status: 500, body: "<html>oops</html>" });
    fakes.handlers.reverse = () => ({ status: 503, body: { error: "busy" } });
    openGate();
    const response = await reverse({ lat: 19.1872, lon: 72.8488 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ city: "Malad", served: true, source: "gazetteer" });
  });

  it("skips a provider that hangs, after a short timeout", async () => {
    fakes.handlers.google = () => "hang";
    fakes.handlers.reverse = () => "hang";
    openGate();
    const started = Date.now();
    const response = await reverse({ lat: 19.2288, lon: 72.8566 });
    expect(response.status).toBe(200);
    expect((await response.json()).source).toBe("gazetteer");
    expect(Date.now() - started).toBeLessThan(8000);
  }, 15_000);

  it("answers 404 when nobody knows the place", async () => {
    fakes.handlers.google = () => ({ status: 200, body: geoFixture("google-reverse-zero-results") });
    fakes.handlers.reverse = () => ({ status: 200, body: geoFixture("nominatim-reverse-unable-to-geocode") });
    openGate();
    const response = await reverse({ lat: 23.5, lon: 80.1 }); // countryside in Madhya Pradesh
    expect(response.status).toBe(404);
    expect(apiErrorSchema.parse(await response.json()).error.code).toBe("not_found");
  });

  it("says a place named like a served area is not served when it is elsewhere", async () => {
    fakes.handlers.google = () => ({
      status: 200,
      body: {
        status: "OK",
        results: [{ address_components: [{ long_name: "Malad", types: ["locality", "political"] }] }],
      },
    });
    const response = await reverse({ lat: 18.2306, lon: 74.4867 }); // Malad, Baramati, Pune district
    expect(await response.json()).toEqual({ city: "Malad", served: false, source: "google" });
  });

  it("caches answers per ~100 m, so a nearby point asks nobody", async () => {
    fakes.handlers.google = () => ({ status: 200, body: geoFixture("google-reverse-borivali") });
    const p = nextPoint();
    await reverse(p);
    await reverse({ lat: p.lat + 0.0002, lon: p.lon - 0.0001 });
    await reverse(p);
    expect(fakes.asked("/geocode/json")).toHaveLength(1);
  });

  it.each([["lat=91&lon=72"], ["lat=19&lon=181"], ["lat=abc&lon=72"], ["lat=19"], ["lat=&lon="]])(
    "rejects %s with a 400",
    async (query) => {
      const response = await t.request(`/api/geo/reverse?${query}`);
      expect(response.status).toBe(400);
      expect(apiErrorSchema.parse(await response.json()).error.code).toBe("invalid_input");
    },
  );
});

describe("GET /api/geo/search", () => {
  it("answers from the gazetteer first and asks Nominatim nothing when it has 5", async () => {
    openGate(); // the gate is open: only the gazetteer's 5 keep Nominatim from being asked
    const response = await t.request("/api/geo/search?q=nagar");
    const results = (await response.json()) as { name: string }[];
    expect(results).toHaveLength(5);
    expect(fakes.asked("/nominatim/search")).toHaveLength(0);
  });

  it("says of each place whether an address there is served, by its name and its distance", async () => {
    const served = async (q: string) =>
      ((await (await t.request(`/api/geo/search?q=${q}`)).json()) as { name: string; served: boolean }[]).map(
        (place) => [place.name, place.served],
      );
    expect(await served("Kandivali")).toContainEqual(["Kandivali", true]);
    expect(await served("Colaba")).toContainEqual(["Colaba", false]);
  });

  it("tops up from Nominatim, with its documented parameters, up to 5", async () => {
    fakes.handlers.search = () => ({ status: 200, body: geoFixture("nominatim-search-malad") });
    openGate();
    const response = await t.request("/api/geo/search?q=Malad");
    const results = (await response.json()) as { name: string; displayName: string; lat: number; lon: number }[];
    expect(results.length).toBe(5);
    expect(results[0]?.name).toBe("Malad");
    const [asked] = fakes.asked("/nominatim/search");
    expect(Object.fromEntries(asked?.url.searchParams ?? [])).toEqual({
      q: "Malad",
      format: "json",
      countrycodes: "in",
      limit: "5",
    });
  });

  it("asks Nominatim at most once a second across the server", async () => {
    fakes.handlers.search = () => ({ status: 200, body: [] });
    openGate();
    await Promise.all(["xyzzy one", "xyzzy two", "xyzzy three"].map((q) => t.request(`/api/geo/search?q=${q}`)));
    expect(fakes.asked("/nominatim/search")).toHaveLength(1);
  });

  it("answers a failed search as an empty list", async () => {
    fakes.handlers.search = () => ({ status: 500, body: "broken" });
    openGate();
    const response = await t.request("/api/geo/search?q=qwzx");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });

  it.each([["q=ab"], [""], [`q=${"x".repeat(101)}`]])("rejects %s with a 400", async (query) => {
    expect((await t.request(`/api/geo/search?${query}`)).status).toBe(400);
  });
});
