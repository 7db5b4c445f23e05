import * as Dialog from "@radix-ui/react-dialog";
import { useQuery } from "@tanstack/react-query";
import { Check, LocateFixed, MapPin, Search, X } from "lucide-react";
import { type KeyboardEvent, type RefObject, useEffect, useId, useState } from "react";
import { LIMITS, MESSAGES, SERVED_AREAS, STORAGE_KEYS } from "#domain/constants.ts";
import type { PlaceSuggestion } from "#domain/geo.ts";
import { servedAreaOf } from "#domain/served-area.ts";
import { appQueryClient } from "#web/lib/query-client.ts";
import { useLocalStorage } from "#web/shell/use-local-storage.ts";
import { chooseCity, detectAndSave } from "./detect.ts";
import { fetchReverse, searchPlaces } from "./geo-api.ts";

/** Typing pauses this long before a search is sent (the server rate-limits its own geocoders too). */
const DEBOUNCE_MS = 300;

const FAILURES = {
  denied: MESSAGES.locationDenied,
  unsupported: MESSAGES.locationUnsupported,
  unable: MESSAGES.locationUnableToFetch,
} as const;

function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

/** Place search (spec §5: from more than 2 characters; §9: at most 5): an ARIA 1.2 combobox. */
function PlaceSearch({ onChoose }: { onChoose: (place: PlaceSuggestion) => void }) {
  const id = useId();
  const listboxId = `${id}-listbox`;
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(true);
  const trimmed = query.trim();
  const debounced = useDebounced(trimmed);
  const searching = debounced.length >= LIMITS.locationSearchMinChars && debounced === trimmed;
  const search = useQuery(
    {
      queryKey: ["geo", "search", debounced.toLowerCase()],
      queryFn: ({ signal }) => searchPlaces(debounced, signal),
      enabled: debounced.length >= LIMITS.locationSearchMinChars,
      staleTime: 10 * 60_000,
    },
    appQueryClient,
  );
  const results = searching ? (search.data ?? []) : [];
  const expanded = open && results.length > 0;

  let announcement = "";
  if (trimmed.length > 0 && trimmed.length < LIMITS.locationSearchMinChars) {
    announcement = `Type at least ${LIMITS.locationSearchMinChars} letters to search.`;
  } else if (searching && search.isFetching && !search.data) announcement = MESSAGES.loading;
  else if (searching && search.data && results.length === 0) announcement = `No places match “${trimmed}”.`;
  else if (expanded) announcement = `${results.length} ${results.length === 1 ? "place" : "places"} found.`;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (results.length === 0) return;
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + results.length + (current < 0 && step < 0 ? 1 : 0)) % results.length);
    } else if (event.key === "Enter") {
      event.preventDefault();
      const chosen = expanded ? (results[active] ?? results[0]) : undefined;
      if (chosen) onChoose(chosen);
    } else if (event.key === "Escape" && expanded) {
      // The first Escape closes the list; the next one closes the dialog.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="relative">
      <label htmlFor={`${id}-input`} className="text-sm font-semibold text-slate-800">
        Search for your area
      </label>
      <div className="relative mt-1">
        <Search
          className="pointer-events-none absolute left-3.5 top-1/2 size-5 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <input
          id={`${id}-input`}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. Kandivali West, Mira Road"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          className="h-11 w-full rounded-xl border border-slate-300 bg-white pl-11 pr-4 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700"
        />
      </div>
      <div
        id={listboxId}
        role="listbox"
        aria-label="Place suggestions"
        className={expanded ? "mt-2 rounded-xl border border-slate-200 py-1" : "hidden"}
      >
        {results.map((place, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the combobox input
          // biome-ignore lint/a11y/useFocusableInteractive: options are never focused in this pattern
          <div
            key={`${place.name}-${place.lat}-${place.lon}`}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => setActive(index)}
            onClick={() => onChoose(place)}
            className={`flex cursor-pointer items-start gap-3 px-3 py-2 ${index === active ? "bg-brand-50" : ""}`}
          >
            <MapPin className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
            <span className="min-w-0">
              <span className="block font-medium text-slate-900">{place.name}</span>
              <span className="block truncate text-xs text-slate-600">{place.displayName}</span>
            </span>
          </div>
        ))}
      </div>
      <p role="status" className="mt-2 text-sm text-slate-600">
        {announcement}
      </p>
    </div>
  );
}

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
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    if (open) setFailure(undefined);
  }, [open]);

  const choosePlace = async (place: PlaceSuggestion) => {
    onOpenChange(false);
    chooseCity(place.name, servedAreaOf(place.name) !== undefined);
    // The server decides with the coordinates too (a "Malad" elsewhere in India is not served).
    try {
      chooseCity(place.name, (await fetchReverse(place.lat, place.lon)).served);
    } catch {
      // Keep the judgement by name.
    }
  };

  const locateMe = async () => {
    setLocating(true);
    setFailure(undefined);
    const result = await detectAndSave();
    setLocating(false);
    if (result.kind === "found") onOpenChange(false);
    else setFailure(FAILURES[result.kind]);
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
            <Dialog.Title className="text-lg font-bold text-slate-900">Choose your location</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="-m-2 grid size-10 place-items-center rounded-full text-slate-700 hover:bg-slate-100"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            Mates sends verified mates to the areas listed below. Search for yours or let the browser find it.
          </Dialog.Description>

          <div className="mt-4 space-y-4">
            <PlaceSearch onChoose={(place) => void choosePlace(place)} />
            <button
              type="button"
              onClick={() => void locateMe()}
              disabled={locating}
              className="flex w-full items-center justify-center gap-2 rounded-xl border border-brand-700 px-4 py-2.5 font-semibold text-brand-900 hover:bg-brand-50 disabled:opacity-60"
            >
              <LocateFixed className="size-5" aria-hidden="true" />
              {locating ? MESSAGES.locationDetecting : "Use current location"}
            </button>
            {failure ? (
              <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
                {failure}
              </p>
            ) : null}
            <section aria-labelledby="served-areas-heading">
              <h3 id="served-areas-heading" className="text-sm font-semibold text-slate-800">
                Areas we serve
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
