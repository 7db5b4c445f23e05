import { useSyncExternalStore } from "react";

/**
 * Spec §4 location text: "Detecting..." at first, then the detected city, "Unable to fetch",
 * "Location access denied" or "Geolocation not supported". The location feature detects and writes
 * here; the header's button reads it (a saved `detectedCity` is shown instead, spec §3).
 */
export type LocationStatus = "detecting" | "unable" | "denied" | "unsupported" | "found";

/** The shell's message id of each status's text (shell/messages). */
export const LOCATION_STATUS_TEXT = {
  detecting: "locationDetecting",
  unable: "locationUnable",
  denied: "locationDenied",
  unsupported: "locationUnsupported",
} as const satisfies Record<Exclude<LocationStatus, "found">, string>;

type StatusKey = (typeof LOCATION_STATUS_TEXT)[keyof typeof LOCATION_STATUS_TEXT];

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

/** The header's text: the saved city, else what detection says (`t`: the shell's messages). */
export function locationText(city: string | null, current: LocationStatus, t: (key: StatusKey) => string): string {
  if (city && city.trim() !== "") return city;
  return t(current === "found" ? LOCATION_STATUS_TEXT.unable : LOCATION_STATUS_TEXT[current]);
}

/** Asking for the location picker: the location feature listens and opens it. */
export const OPEN_LOCATION_EVENT = "mates:open-location";

export function requestLocationPicker(): void {
  window.dispatchEvent(new Event(OPEN_LOCATION_EVENT));
}
