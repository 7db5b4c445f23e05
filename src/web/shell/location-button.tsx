import { lazy, Suspense, useRef, useState } from "react";
import { STORAGE_KEYS } from "#domain/constants.ts";
import { MapPinIcon } from "#web/shell/shell-icons.tsx";
import { useLocalStorage } from "#web/shell/use-local-storage.ts";

const LocationDialog = lazy(() =>
  import("#web/shell/location-dialog.tsx").then((m) => ({ default: m.LocationDialog })),
);

/**
 * The header's location picker: shows the saved detectedCity (spec §3) or "Select location",
 * and opens the area dialog (its code loads on first use; main.tsx prefetches it).
 */
export function LocationButton({ className = "" }: { className?: string }) {
  const city = useLocalStorage(STORAGE_KEYS.detectedCity);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const shown = city && city.trim() !== "" ? city : "Select location";

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        className={`flex min-w-0 items-center gap-1.5 rounded-xl px-2 py-1.5 text-left hover:bg-brand-50 ${className}`}
      >
        <MapPinIcon className="size-5 shrink-0 text-brand-700" />
        <span className="flex min-w-0 flex-col leading-tight">
          <span className="text-xs font-medium text-slate-600">Location</span>
          <span className="max-w-32 truncate text-sm font-semibold text-slate-900 lg:max-w-40">{shown}</span>
        </span>
      </button>
      {used ? (
        <Suspense fallback={null}>
          <LocationDialog city={city} open={open} onOpenChange={setOpen} returnFocus={buttonRef} />
        </Suspense>
      ) : null}
    </>
  );
}
