/**
 * Location lookups (issue 4): GET /api/geo/reverse through the whole app in process, for a day's
 * worth of customers opening the app around the served localities. Reports the cache hit rate and
 * the p50/p99 time of an uncached and a cached lookup, with the built-in gazetteer alone (the
 * default) and with a Google Geocoding stand-in on loopback (so the uncached figure is our own cost
 * plus a local round trip: a real Google call adds its network time on top).
 *
 *   node scripts/bench/geo-bench.ts
 */
import { readFileSync } from "node:fs";
import { geoFixture, startFakeGeocoders } from "#testing/fake-geocoders.ts";
import { createTestApp } from "#testing/test-app.ts";

type Locality = { name: string; lat: number; lon: number; served?: boolean };
const gazetteer = JSON.parse(
  readFileSync(new URL("../../src/server/geo/data/mumbai-localities.json", import.meta.url), "utf8"),
) as Locality[];
const centres = gazetteer.filter((locality) => locality.served);

/** A repeatable pseudo-random sequence, so every run asks the same points. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

/** Customers cluster around their locality's centre: a normal spread of about 1 km. */
function workload(count: number): { lat: number; lon: number }[] {
  const next = random(42);
  const gauss = () => Math.sqrt(-2 * Math.log(next() || 1e-9)) * Math.cos(2 * Math.PI * next());
  return Array.from({ length: count }, () => {
    const centre = centres[Math.floor(next() * centres.length)] as Locality;
    return { lat: centre.lat + gauss() * 0.009, lon: centre.lon + gauss() * 0.009 };
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

async function run(label: string, env: Record<string, string>, points: { lat: number; lon: number }[]) {
  const t = await createTestApp({ env });
  const seen = new Set<string>();
  const uncached: number[] = [];
  const cached: number[] = [];
  let found = 0;
  try {
    // Warm up the code paths (not the cache) on points far from the workload.
    for (let i = 0; i < 50; i++) await t.request(`/api/geo/reverse?lat=${(10 + i * 0.01).toFixed(4)}&lon=77.0`);
    for (const point of points) {
      const lat = point.lat.toFixed(5);
      const lon = point.lon.toFixed(5);
      const cell = `${point.lat.toFixed(3)},${point.lon.toFixed(3)}`;
      const started = performance.now();
      const response = await t.request(`/api/geo/reverse?lat=${lat}&lon=${lon}`);
      await response.arrayBuffer();
      if (response.status !== 200 && response.status !== 404) throw new Error(`reverse answered ${response.status}`);
      if (response.status === 200) found++;
      const ms = performance.now() - started;
      (seen.has(cell) ? cached : uncached).push(ms);
      seen.add(cell);
    }
  } finally {
    await t.close();
  }
  const hitRate = cached.length / points.length;
  return `| ${label} | ${points.length.toLocaleString("en")} (${found.toLocaleString("en")} named) | ${(hitRate * 100).toFixed(1)} % | ${percentile(uncached, 50).toFixed(2)} ms | ${percentile(uncached, 99).toFixed(2)} ms | ${percentile(cached, 50).toFixed(2)} ms | ${percentile(cached, 99).toFixed(2)} ms |`;
}

/**
 * The whole workload comes from one address in one minute, far past the per-address limit and the cap
 * on paid calls meant for real traffic: the benchmark measures look-ups, so it raises both.
 */
const unlimited = { GEO_REVERSE_PER_MINUTE: "1000000", GEO_PAID_CALLS_PER_MINUTE: "1000000" };

const points = workload(20_000);
const fakes = await startFakeGeocoders();
fakes.handlers.google = () => ({ status: 200, body: geoFixture("google-reverse-borivali") });
try {
  const rows = [
    await run("gazetteer only (default)", { ...unlimited, NOMINATIM_URL: "off" }, points),
    await run(
      "Google stand-in on loopback",
      { ...unlimited, GOOGLE_MAPS_API_KEY: "BENCH", GOOGLE_GEOCODING_URL: fakes.googleUrl, NOMINATIM_URL: "off" },
      points,
    ),
  ];
  process.stdout.write(
    [
      `### Reverse lookups (${points.length.toLocaleString("en")} customers around ${centres.length} served localities, ~1 km spread; cache cells of 0.001°)`,
      "",
      "| providers | lookups | cache hit rate | uncached p50 | uncached p99 | cached p50 | cached p99 |",
      "|---|---|---|---|---|---|---|",
      ...rows,
      "",
      `Google stand-in asked ${fakes.asked("/geocode/json").length.toLocaleString("en")} times.`,
      "",
    ].join("\n"),
  );
} finally {
  await fakes.close();
}
