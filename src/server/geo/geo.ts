import type { Logger } from "pino";
import { LIMITS } from "#domain/constants.ts";
import type { PlaceChoice, PlaceSuggestion, ReverseAnswer } from "#domain/geo.ts";
import { normalisePlaceName, servedAreaOf } from "#domain/served-area.ts";
import type { Cache } from "#server/cache/cache.ts";
import type { Config } from "#server/config.ts";
import { distanceKm, type Gazetteer } from "./gazetteer.ts";
import { type ReverseReading, readGoogleReverse, readNominatimReverse, readNominatimSearch } from "./providers.ts";

export type GeoDeps = {
  config: Pick<Config, "googleMapsApiKey" | "googleGeocodingUrl" | "nominatimUrl" | "appOrigin">;
  gazetteer: Gazetteer;
  cache: Cache;
  logger: Logger;
  timeoutMs?: number;
  /**
   * Takes one uncached call to a paid geocoder (Google) from the cap shared by every instance; false
   * past the cap, and the look-up goes on with the free ones. Without it there is no cap.
   */
  takePaidCall?: () => Promise<boolean>;
};

export const GEO_CACHE_TTL_SECONDS = 24 * 60 * 60;
/** Nominatim's usage policy: at most one request a second, from the whole server. */
export const NOMINATIM_INTERVAL_MS = 1000;
/** How far from a served area's centre a place with its name still counts as that area. */
export const SERVED_RADIUS_KM = 10;

/**
 * Is this place served? Its name must name a served area (spec §9, with aliases), and the point must
 * lie near that area: "Malad" in Pune district has the name but not the place.
 */
export function servedAt(gazetteer: Gazetteer, city: string, lat: number, lon: number): boolean {
  const area = servedAreaOf(city);
  if (!area) return false;
  const centre = gazetteer.byName(area);
  return centre ? distanceKm(lat, lon, centre.lat, centre.lon) <= SERVED_RADIUS_KM : false;
}

/** Reverse geocoding and place search, through Google, Nominatim and the gazetteer, cached. */
export function createGeoService({
  config,
  gazetteer,
  cache,
  logger,
  timeoutMs = 2500,
  takePaidCall = async () => true,
}: GeoDeps) {
  const userAgent = `Mates/1.0 (+${config.appOrigin})`;
  let cappedWarnedAt = Number.NEGATIVE_INFINITY;

  /** Within the cap of paid calls? Past it, says so at warn at most once a minute. */
  async function paidCallAllowed(): Promise<boolean> {
    if (await takePaidCall()) return true;
    if (Date.now() - cappedWarnedAt >= 60_000) {
      cappedWarnedAt = Date.now();
      logger.warn("the cap of paid geocoder calls per minute is reached; using the free geocoders");
    }
    return false;
  }

  async function getJson(url: string): Promise<{ status: number; body: unknown }> {
    const response = await fetch(url, {
      headers: { "User-Agent": userAgent, Accept: "application/json", "Accept-Language": "en-IN,en" },
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as unknown };
  }

  async function ask(source: string, run: () => Promise<ReverseReading>): Promise<string | undefined> {
    try {
      const reading = await run();
      if (reading.kind === "found") return reading.city;
      if (reading.kind === "error") logger.warn({ source, reason: reading.reason }, "geocoder answered an error");
    } catch (error) {
      logger.warn({ source, err: error }, "geocoder failed; trying the next one");
    }
    return undefined;
  }

  async function lookUp(lat: number, lon: number): Promise<ReverseAnswer | undefined> {
    const answer = (city: string, source: ReverseAnswer["source"]): ReverseAnswer => ({
      city,
      served: servedAt(gazetteer, city, lat, lon),
      source,
    });
    if (config.googleMapsApiKey && (await paidCallAllowed())) {
      const url = new URL(config.googleGeocodingUrl);
      url.searchParams.set("latlng", `${lat},${lon}`);
      url.searchParams.set("key", config.googleMapsApiKey);
      const city = await ask("google", async () => readGoogleReverse((await getJson(url.toString())).body));
      if (city) return answer(city, "google");
    }
    if (config.nominatimUrl && (await cache.claim("nominatim:gate", NOMINATIM_INTERVAL_MS))) {
      const url = new URL(`${config.nominatimUrl}/reverse`);
      url.search = new URLSearchParams({ lat: String(lat), lon: String(lon), format: "json" }).toString();
      const city = await ask("nominatim", async () => {
        const { status, body } = await getJson(url.toString());
        if (status >= 400) return { kind: "error", reason: `HTTP ${status}` };
        return readNominatimReverse(body, gazetteer);
      });
      if (city) return answer(city, "nominatim");
    }
    const nearest = gazetteer.nearest(lat, lon, 3);
    return nearest ? answer(nearest.name, "gazetteer") : undefined;
  }

  return {
    /** The locality at a point, or undefined when nobody knows it. Cached per ~100 m square. */
    async reverse(lat: number, lon: number): Promise<ReverseAnswer | undefined> {
      const key = `geo:reverse:${lat.toFixed(3)},${lon.toFixed(3)}`;
      const hit = await cache.get(key);
      if (hit) return hit === "null" ? undefined : (JSON.parse(hit) as ReverseAnswer);
      const found = await lookUp(Number(lat.toFixed(3)), Number(lon.toFixed(3)));
      await cache.set(key, found ? JSON.stringify(found) : "null", GEO_CACHE_TTL_SECONDS);
      return found;
    },

    /** Up to 5 places for a query, each with whether an address there is served (spec §9). */
    async search(query: string): Promise<PlaceChoice[]> {
      const found = await suggestions(query);
      return found.map((place) => ({ ...place, served: servedAt(gazetteer, place.name, place.lat, place.lon) }));
    },
  };

  /**
   * Up to 5 places for a query: the gazetteer first; Nominatim only when it has fewer than 5, and
   * never more than once a second across the server. A failure is logged and gives what we have.
   */
  async function suggestions(query: string): Promise<PlaceSuggestion[]> {
    const q = normalisePlaceName(query);
    const key = `geo:search:${q}`;
    const hit = await cache.get(key);
    if (hit) return JSON.parse(hit) as PlaceSuggestion[];

    const limit = LIMITS.locationSuggestions;
    const results: PlaceSuggestion[] = gazetteer.search(q, limit).map((locality) => ({
      name: locality.name,
      displayName: `${locality.name}, ${locality.district}`,
      lat: locality.lat,
      lon: locality.lon,
    }));
    let complete = true;
    if (results.length < limit && config.nominatimUrl) {
      if (await cache.claim("nominatim:gate", NOMINATIM_INTERVAL_MS)) {
        try {
          const url = new URL(`${config.nominatimUrl}/search`);
          url.search = new URLSearchParams({
            q: query.trim(),
            format: "json",
            countrycodes: "in",
            limit: "5",
          }).toString();
          const { status, body } = await getJson(url.toString());
          if (status >= 400) throw new Error(`HTTP ${status}`);
          for (const place of readNominatimSearch(body)) {
            if (results.length >= limit) break;
            if (!results.some((r) => normalisePlaceName(r.name) === normalisePlaceName(place.name)))
              results.push(place);
          }
        } catch (error) {
          complete = false;
          logger.warn({ err: error }, "place search failed");
        }
      } else {
        complete = false; // rate-limited: answer from the gazetteer, and do not cache the partial list
      }
    }
    if (complete) await cache.set(key, JSON.stringify(results), GEO_CACHE_TTL_SECONDS);
    return results;
  }
}

export type GeoService = ReturnType<typeof createGeoService>;
