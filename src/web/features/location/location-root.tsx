import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { detectUnlessSaved } from "./detect.ts";
import { locationRequests } from "./location-requests.ts";
import { UnservedPopup } from "./unserved-popup.tsx";

const LocationDialog = lazy(() => import("./location-dialog.tsx").then((m) => ({ default: m.LocationDialog })));

/** Detection at start, the picker when asked for, and the unserved-city popup. */
export function LocationRoot() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    detectUnlessSaved();
  }, []);

  useEffect(
    () =>
      locationRequests.take(() => {
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setUsed(true);
        setOpen(true);
      }),
    [],
  );

  return (
    <>
      {used ? (
        <Suspense fallback={null}>
          <LocationDialog open={open} onOpenChange={setOpen} returnFocus={opener} />
        </Suspense>
      ) : null}
      <UnservedPopup />
    </>
  );
}
