import { lazy, Suspense } from "react";
import { OPEN_LOCATION_EVENT } from "#web/shell/location-store.ts";

/**
 * The part of the location feature in the start-up bundle, kept tiny: it remembers a picker request
 * made before the rest has loaded, and mounts the rest (detection, picker, the "Service not
 * available" popup) lazily beside the router.
 */
let handler: (() => void) | undefined;
let waiting = false;

function onOpen(): void {
  if (handler) handler();
  else waiting = true;
}

/** main.tsx: from the first moment, so no early click is lost. */
export function listenForLocationRequests(): void {
  window.addEventListener(OPEN_LOCATION_EVENT, onOpen);
}

/** The loaded feature takes the requests over; one that came before is handed over at once. */
export function handleLocationRequests(next: () => void): () => void {
  handler = next;
  if (waiting) {
    waiting = false;
    next();
  }
  return () => {
    if (handler === next) handler = undefined;
  };
}

const LocationRoot = lazy(() =>
  import("#web/features/location/location-root.tsx").then((m) => ({ default: m.LocationRoot })),
);

export function LocationHost() {
  return (
    <Suspense fallback={null}>
      <LocationRoot />
    </Suspense>
  );
}
