import { MESSAGES, STORAGE_KEYS } from "#domain/constants.ts";
import type { ReverseAnswer } from "#domain/geo.ts";
import { servedAreaOf } from "#domain/served-area.ts";
import { readStorage, writeStorage } from "#web/shell/local-storage.ts";
import { type LocationStatus, setLocationStatus } from "#web/shell/location-store.ts";
import { fetchReverse } from "./geo-api.ts";

/** What to say when the browser's position could not give a city (spec §4, §8). */
export const DETECTION_FAILURES = {
  denied: MESSAGES.locationDenied,
  unsupported: MESSAGES.locationUnsupported,
  unable: MESSAGES.locationUnableToFetch,
} as const;

export type Detection =
  | { kind: "found"; answer: ReverseAnswer }
  | { kind: Exclude<LocationStatus, "found" | "detecting"> };

/**
 * Whether the chosen city is served. The server decides for places it located (name and
 * coordinates); a city saved on an earlier visit is judged by its name (spec §9 rule with aliases).
 */
let served: { city: string; served: boolean } | undefined;
const listeners = new Set<() => void>();

export function rememberServed(city: string, isServed: boolean): void {
  served = { city, served: isServed };
  for (const listener of listeners) listener();
}

export function isServed(city: string): boolean {
  return served?.city === city ? served.served : servedAreaOf(city) !== undefined;
}

export function subscribeServed(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Saves a choice (spec §3 detectedCity) with what is known of whether it is served. */
export function chooseCity(city: string, isServed: boolean): void {
  rememberServed(city, isServed);
  setLocationStatus("found");
  writeStorage(STORAGE_KEYS.detectedCity, city);
}

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      enableHighAccuracy: false,
      timeout: 15_000,
      maximumAge: 5 * 60_000,
    }),
  );
}

/** Spec §4: the browser's position, then the server's locality for it. */
export async function detectLocation(): Promise<Detection> {
  if (!("geolocation" in navigator) || !navigator.geolocation) return { kind: "unsupported" };
  let position: GeolocationPosition;
  try {
    position = await currentPosition();
  } catch (error) {
    const denied = (error as GeolocationPositionError | undefined)?.code === 1;
    return { kind: denied ? "denied" : "unable" };
  }
  try {
    return { kind: "found", answer: await fetchReverse(position.coords.latitude, position.coords.longitude) };
  } catch {
    return { kind: "unable" };
  }
}

/** Detects and, when found, saves the city; the header's text follows either way. */
export async function detectAndSave(): Promise<Detection> {
  setLocationStatus("detecting");
  const result = await detectLocation();
  if (result.kind === "found") chooseCity(result.answer.city, result.answer.served);
  else setLocationStatus(result.kind);
  return result;
}

/** At start (spec §4): a saved choice is shown instead of detecting again. */
export function detectUnlessSaved(): void {
  const saved = readStorage(STORAGE_KEYS.detectedCity);
  if (saved && saved.trim() !== "") {
    setLocationStatus("found");
    return;
  }
  void detectAndSave();
}
