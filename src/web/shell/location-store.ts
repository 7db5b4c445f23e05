import { useSyncExternalStore } from "react";
import { MESSAGES } from "#domain/constants.ts";

/**
 * Spec §4 location text: "Detecting..." at first, then the detected city, "Unable to fetch",
 * "Location access denied" or "Geolocation not supported". The location feature detects and writes
 * here; the header's button reads it (a saved `detectedCity` is shown instead, spec §3).
 */
export type LocationStatus = "detecting" | "unable" | "denied" | "unsupported" | "found";

const TEXTS: Record<Exclude<LocationStatus, "found">, string> = {
  detecting: MESSAGES.locationDetecting,
  unable: MESSAGES.locationUnableToFetch,
  denied: MESSAGES.locationDenied,
  unsupported: MESSAGES.locationUnsupported,
};

let status: LocationStatus = "detecting";
const listeners = new Set<() => void>();

export function setLocationStatus(next: LocationStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

export function useLocationStatus(): LocationStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => status,
    () => status,
  );
}

/** The header's text: the saved city, else what detection says. */
export function locationText(city: string | null, current: LocationStatus): string {
  if (city && city.trim() !== "") return city;
  return current === "found" ? MESSAGES.locationUnableToFetch : TEXTS[current];
}

/** Asking for the location picker: the location feature listens and opens it. */
export const OPEN_LOCATION_EVENT = "mates:open-location";

export function requestLocationPicker(): void {
  window.dispatchEvent(new Event(OPEN_LOCATION_EVENT));
}
