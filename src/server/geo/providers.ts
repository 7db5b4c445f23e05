import type { PlaceSuggestion } from "#domain/geo.ts";
import type { Gazetteer } from "./gazetteer.ts";

/**
 * Readers of the outside geocoders' documented response shapes (Google Geocoding, Nominatim).
 * Pure functions: the HTTP calls live in geo.ts.
 */
export type ReverseReading = { kind: "found"; city: string } | { kind: "none" } | { kind: "error"; reason: string };

const GOOGLE_TYPES = new Set(["locality", "sublocality", "administrative_area_level_2"]);

type GoogleBody = {
  status?: unknown;
  error_message?: unknown;
  results?: { address_components?: { long_name?: unknown; types?: unknown }[] }[];
};

/**
 * Google answers HTTP 200 even for errors, so only `status: OK` counts. The city is the first
 * component, in Google's order, of the first result that has one whose types include locality,
 * sublocality or administrative_area_level_2: the most specific, such as "Borivali West".
 */
export function readGoogleReverse(body: unknown): ReverseReading {
  const b = (body ?? {}) as GoogleBody;
  if (b.status === "ZERO_RESULTS") return { kind: "none" };
  if (b.status !== "OK") {
    const message = typeof b.error_message === "string" ? `: ${b.error_message}` : "";
    return { kind: "error", reason: `status ${String(b.status)}${message}` };
  }
  for (const result of Array.isArray(b.results) ? b.results : []) {
    for (const component of result.address_components ?? []) {
      const types = Array.isArray(component.types) ? component.types : [];
      if (types.some((type) => GOOGLE_TYPES.has(type)) && typeof component.long_name === "string") {
        return { kind: "found", city: component.long_name };
      }
    }
  }
  return { kind: "none" };
}

type NominatimAddress = Partial<
  Record<"city" | "town" | "village" | "suburb" | "neighbourhood" | "city_district" | "quarter" | "postcode", string>
>;

/** Cities too large to tell a customer anything: inside them a suburb or pincode says more. */
const METROPOLISES = new Set([
  "mumbai",
  "navi mumbai",
  "thane",
  "mira bhayandar",
  "mira bhayander",
  "vasai virar",
  "kalyan dombivli",
]);

/** Administrative units that mean nothing to a customer ("K/W Ward", "Zone 3"). */
const administrative = /\bward\b|^zone \d+$/i;

const firstPart = (displayName: unknown) =>
  typeof displayName === "string" ? displayName.split(",")[0]?.trim() || undefined : undefined;

/**
 * Nominatim /reverse: address.city, town or village, else the first part of display_name (spec §7).
 * Inside a metropolis such as Mumbai, whose every point has city "Mumbai", the suburb, neighbourhood
 * or city district says more; failing those the postcode is looked up in the gazetteer.
 */
export function readNominatimReverse(body: unknown, gazetteer: Gazetteer): ReverseReading {
  if (!body || typeof body !== "object" || Array.isArray(body)) return { kind: "error", reason: "not an object" };
  const b = body as { error?: unknown; address?: NominatimAddress; display_name?: unknown };
  if (b.error !== undefined) {
    return typeof b.error === "string" ? { kind: "none" } : { kind: "error", reason: JSON.stringify(b.error) };
  }
  const address = b.address ?? {};
  const city = address.city ?? address.town ?? address.village;
  if (city && !METROPOLISES.has(city.toLowerCase().replace(/-/g, " "))) return { kind: "found", city };
  if (city) {
    const specific = [address.suburb, address.neighbourhood, address.city_district, address.quarter].filter(
      (name): name is string => Boolean(name) && !administrative.test(name as string),
    );
    // A name the gazetteer knows, shown as the customer knows it: "Andheri West" stays, while
    // "Dadabhai Naoroji Nagar" (a part of Andheri) becomes "Andheri".
    for (const name of specific) {
      const locality = gazetteer.byName(name);
      if (locality) return { kind: "found", city: name.includes(locality.name) ? name : locality.name };
    }
    const byPin = gazetteer.byPostcode(address.postcode);
    if (byPin) return { kind: "found", city: byPin.name };
    return { kind: "found", city: specific[0] ?? city };
  }
  const fallback = firstPart(b.display_name);
  return fallback ? { kind: "found", city: fallback } : { kind: "none" };
}

/** Nominatim /search: display_name and name of each result. */
export function readNominatimSearch(body: unknown): PlaceSuggestion[] {
  if (!Array.isArray(body)) throw new Error("Nominatim search did not answer a list");
  return body.flatMap((item: { name?: unknown; display_name?: unknown; lat?: unknown; lon?: unknown }) => {
    const lat = Number(item.lat);
    const lon = Number(item.lon);
    const displayName = typeof item.display_name === "string" ? item.display_name : undefined;
    const name = (typeof item.name === "string" && item.name.trim()) || firstPart(displayName);
    if (!displayName || !name || !Number.isFinite(lat) || !Number.isFinite(lon)) return [];
    return [{ name, displayName, lat, lon }];
  });
}
