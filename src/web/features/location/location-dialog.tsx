import * as Dialog from "@radix-ui/react-dialog";
import { Check, LocateFixed, X } from "lucide-react";
import { type RefObject, useEffect, useState } from "react";
import { SERVED_AREAS, STORAGE_KEYS } from "#domain/constants.ts";
import type { PlaceChoice } from "#domain/geo.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { LOCATION_STATUS_TEXT } from "#web/shell/location-store.ts";
import { shellMessages } from "#web/shell/shell-messages.ts";
import { useLocalStorage } from "#web/shell/use-local-storage.ts";
import { chooseCity, type Detection, detectAndSave } from "./detect.ts";
import { locationMessages } from "./location-messages.ts";
import { PlaceSearch } from "./place-search.tsx";

/**
 * The location picker (spec §4): search, "Use current location", or one of the served areas. The
 * choice is saved as detectedCity. Focus goes back to what opened it.
 */
export function LocationDialog({
  open,
  onOpenChange,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: RefObject<HTMLElement | null>;
}) {
  const city = useLocalStorage(STORAGE_KEYS.detectedCity);
  const [locating, setLocating] = useState(false);
  const t = useT(locationMessages);
  const shell = useT(shellMessages);
  const [failure, setFailure] = useState<Exclude<Detection["kind"], "found">>();

  useEffect(() => {
    if (open) setFailure(undefined);
  }, [open]);

  // The server has judged each suggestion by its name and coordinates (a "Malad" elsewhere in India
  // is not served).
  const choosePlace = (place: PlaceChoice) => {
    onOpenChange(false);
    chooseCity(place.name, place.served);
  };

  const locateMe = async () => {
    setLocating(true);
    setFailure(undefined);
    const result = await detectAndSave();
    setLocating(false);
    if (result.kind === "found") onOpenChange(false);
    else setFailure(result.kind);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            // Straight into the search box: typing a place is what most people open this for.
            event.preventDefault();
            (event.currentTarget as HTMLElement).querySelector<HTMLInputElement>('[role="combobox"]')?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus.current?.focus();
          }}
          className="fixed left-1/2 top-1/2 z-50 max-h-[85vh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-bold text-slate-900">{t("chooseTitle")}</Dialog.Title>
            <Dialog.Close
              aria-label={t("close")}
              className="-m-2 grid size-10 place-items-center rounded-full text-slate-700 hover:bg-slate-100"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-slate-600">{t("chooseText")}</Dialog.Description>

          <div className="mt-4 space-y-4">
            <PlaceSearch label={t("searchArea")} onChoose={choosePlace} />
            <button
              type="button"
              onClick={() => void locateMe()}
              disabled={locating}
              className="flex w-full items-center justify-center gap-2 rounded-xl border border-brand-700 px-4 py-2.5 font-semibold text-brand-900 hover:bg-brand-50 disabled:opacity-60"
            >
              <LocateFixed className="size-5" aria-hidden="true" />
              {locating ? shell("locationDetecting") : t("useCurrent")}
            </button>
            {failure ? (
              <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
                {shell(LOCATION_STATUS_TEXT[failure])}
              </p>
            ) : null}
            <section aria-labelledby="served-areas-heading">
              <h3 id="served-areas-heading" className="text-sm font-semibold text-slate-800">
                {t("areasWeServe")}
              </h3>
              <ul className="mt-2 grid grid-cols-2 gap-2">
                {SERVED_AREAS.map((area) => {
                  const selected = city === area;
                  return (
                    <li key={area}>
                      <button
                        type="button"
                        aria-pressed={selected}
                        onClick={() => {
                          chooseCity(area, true);
                          onOpenChange(false);
                        }}
                        className={`flex w-full items-center justify-between gap-2 rounded-xl border px-3 py-2 text-left text-sm font-medium ${
                          selected
                            ? "border-brand-700 bg-brand-50 text-brand-900"
                            : "border-slate-200 text-slate-800 hover:border-brand-400 hover:bg-brand-50"
                        }`}
                      >
                        {area}
                        {selected ? <Check className="size-4 text-brand-700" aria-hidden="true" /> : null}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </section>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
