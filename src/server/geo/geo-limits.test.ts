import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiErrorSchema } from "#domain/api-error.ts";
import { OUTSIDE_INDIA_MESSAGE } from "#domain/geo.ts";
import { memoryCache } from "#server/cache/cache.ts";
import { loadConfig } from "#server/config.ts";
import { geoFixture, startFakeGeocoders } from "#testing/fake-geocoders.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { loadGazetteer } from "./gazetteer.ts";
import { createGeoService } from "./geo.ts";

/** Abuse and cost: per-address limits, India only, and the cap on paid geocoder calls. */
let fakes: Awaited<ReturnType<typeof startFakeGeocoders>>;
let t: TestApp;

beforeAll(async () => {
  fakes = await startFakeGeocoders();
  t = await createTestApp({
    env: {
      GOOGLE_MAPS_API_KEY: "TEST_KEY",
      GOOGLE_GEOCODING_URL: fakes.googleUrl,
      NOMINATIM_URL: fakes.nominatimUrl,
      TRUST_PROXY: "loopback",
      GEO_REVERSE_PER_MINUTE: "3",
      GEO_SEARCH_PER_MINUTE: "3",
    },
  });
});
afterAll(async () => {
  await t.close();
  await fakes.close();
});
beforeEach(() => {
  fakes.requests.length = 0;
});

let clients = 0;
/** A request from a client address of its own (the app trusts X-Forwarded-For from loopback, where test-app.ts requests come from). */
const newClient = (app: TestApp = t) => {
  const address = `203.0.113.${++clients}`;
  return (path: string) => app.request(path, { headers: { "x-forwarded-for": address } });
};

describe("geo look-ups are for India only", () => {
  it.each([
    ["London", 51.5, -0.12],
    ["the open Atlantic", 0, -30],
    ["Dubai", 25.2, 55.27],
  ])("answers a point in %s with a 400 and a sentence, asking no geocoder", async (_name, lat, lon) => {
    const response = await newClient()(`/api/geo/reverse?lat=${lat}&lon=${lon}`);
    expect(response.status).toBe(400);
    expect(apiErrorSchema.parse(await response.json()).error).toEqual({
      code: "outside_india",
      message: OUTSIDE_INDIA_MESSAGE,
    });
    expect(fakes.requests).toHaveLength(0);
  });

  it("answers points in the Andaman Islands and Lakshadweep", async () => {
    fakes.handlers.google = () => ({ status: 200, body: geoFixture("google-reverse-zero-results") });
    for (const [lat, lon] of [
      [11.62, 92.73],
      [10.57, 72.64],
    ]) {
      // Nobody knows these in the stand-ins: a 404 after asking, not a 400 before.
      expect((await newClient()(`/api/geo/reverse?lat=${lat}&lon=${lon}`)).status).toBe(404);
    }
  });
});

describe("per client address", () => {
  it.each([["/api/geo/reverse?lat=19.2300&lon=72.8491"], ["/api/geo/search?q=Borivali"]])(
    "%s: past the limit a 429 with Retry-After and the error body; another address goes on",
    async (path) => {
      fakes.handlers.google = () => ({ status: 200, body: geoFixture("google-reverse-borivali") });
      const client = newClient();
      for (let i = 0; i < 3; i++) expect((await client(path)).status).toBe(200);
      const refused = await client(path);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      const { error } = apiErrorSchema.parse(await refused.json());
      expect(error.code).toBe("rate_limited");
      expect(error.message).toMatch(/^Too many requests from your network\. Please try again in \d+ seconds?\.$/);
      expect((await newClient()(path)).status).toBe(200);
    },
  );
});

describe("the cap on paid geocoder calls", () => {
  let capped: TestApp;
  beforeAll(async () => {
    capped = await createTestApp({
      env: {
        GOOGLE_MAPS_API_KEY: "TEST_KEY",
        GOOGLE_GEOCODING_URL: fakes.googleUrl,
        NOMINATIM_URL: fakes.nominatimUrl,
        TRUST_PROXY: "loopback",
        GEO_PAID_CALLS_PER_MINUTE: "2",
      },
    });
  });
  afterAll(() => capped.close());

  it("stops asking Google past the cap, and answers from Nominatim, then the gazetteer", async () => {
    fakes.handlers.google = () => ({ status: 200, body: geoFixture("google-reverse-borivali") });
    fakes.handlers.reverse = () => ({ status: 200, body: geoFixture("nominatim-reverse-andheri-zoom13") });
    const sources: string[] = [];
    // Four uncached points (each from its own address, so no per-address limit applies); the cap is 2.
    for (const [lat, lon] of [
      [19.2401, 72.8501],
      [19.2501, 72.8501],
      [19.1364, 72.8296],
      [19.1872, 72.8488],
    ]) {
      const response = await newClient(capped)(`/api/geo/reverse?lat=${lat}&lon=${lon}`);
      expect(response.status).toBe(200);
      sources.push(((await response.json()) as { source: string }).source);
    }
    // The third goes to Nominatim; the fourth comes within Nominatim's one second, so the gazetteer answers.
    expect(sources).toEqual(["google", "google", "nominatim", "gazetteer"]);
    expect(fakes.asked("/geocode/json")).toHaveLength(2);
    expect(fakes.asked("/nominatim/reverse")).toHaveLength(1);
  });

  it("says so at warn once a minute, not once a request", async () => {
    const lines: { level: number; msg: string }[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const geo = createGeoService({
      config: loadConfig({
        GOOGLE_MAPS_API_KEY: "TEST_KEY",
        GOOGLE_GEOCODING_URL: fakes.googleUrl,
        NOMINATIM_URL: "off",
      }),
      gazetteer: loadGazetteer(),
      cache: memoryCache(),
      logger: pino({ level: "warn" }, sink),
      takePaidCall: async () => false,
    });
    for (const lat of [19.1872, 19.1882, 19.1892]) expect((await geo.reverse(lat, 72.8488))?.source).toBe("gazetteer");
    expect(lines.filter((line) => line.level === 40).map((line) => line.msg)).toEqual([
      "the cap of paid geocoder calls per minute is reached; using the free geocoders",
    ]);
    expect(fakes.asked("/geocode/json")).toHaveLength(0);
  });
});
