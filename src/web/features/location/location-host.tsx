import { lazy, Suspense } from "react";

/**
 * The part of the location feature beside the router (beside-router.tsx, loaded once the first
 * page is drawn), kept tiny: it mounts the rest (detection, picker, the "Service not available"
 * popup) lazily. A picker request made before that rest has loaded waits in `locationRequests`
 * (location-requests.ts).
 */
const LocationRoot = lazy(() => import("./location-root.tsx").then((m) => ({ default: m.LocationRoot })));

export function LocationHost() {
  return (
    <Suspense fallback={null}>
      <LocationRoot />
    </Suspense>
  );
}
