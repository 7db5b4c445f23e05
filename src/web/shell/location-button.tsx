import { STORAGE_KEYS } from "#domain/constants.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { locationText, requestLocationPicker, useLocationStatus } from "#web/shell/location-store.ts";
import { MapPinIcon } from "#web/shell/shell-icons.tsx";
import { shellMessages } from "#web/shell/shell-messages.ts";
import { useLocalStorage } from "#web/shell/use-local-storage.ts";

/**
 * The header's location picker (spec §2, §4): shows the saved detectedCity, or the state of
 * detection, and asks the location feature to open its picker. Its text has one width whatever it
 * says ("Detecting...", then a city or "Location access denied"), so the header never shifts.
 */
export function LocationButton({ className = "" }: { className?: string }) {
  const city = useLocalStorage(STORAGE_KEYS.detectedCity);
  const status = useLocationStatus();
  const t = useT(shellMessages);
  const text = locationText(city, status, t);
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      data-location-button=""
      onClick={requestLocationPicker}
      className={`flex min-w-0 items-center gap-1.5 rounded-xl px-2 py-1.5 text-left hover:bg-brand-50 ${className}`}
    >
      <MapPinIcon className="size-5 shrink-0 text-brand-700" />
      <span className="flex min-w-0 flex-col leading-tight">
        <span className="text-xs font-medium text-slate-600">{t("location")}</span>
        <span title={text} className="w-24 truncate text-sm font-semibold text-slate-900 sm:w-32 lg:w-40">
          {text}
        </span>
      </span>
    </button>
  );
}
