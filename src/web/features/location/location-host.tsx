import { lazy, Suspense } from "react";

/**
 * The part of the location feature in the start-up bundle, kept tiny: it mounts the rest
 * (detection, picker, the "Service not available" popup) lazily beside the router. A picker
 * request made before that rest has loaded waits in `locationRequests` (location-requests.ts).
 */
const LocationRoot = lazy(() => import("./location-root.tsx").then((m) => ({ default: m.LocationRoot })));

export function LocationHost() {
  return (
    <Suspense fallback={null}>
      <LocationRoot />
    </Suspense>
  );
}
