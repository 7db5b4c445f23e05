import { useQuery } from "@tanstack/react-query";
import { MapPin, Search } from "lucide-react";
import { useEffect, useState } from "react";
import { LIMITS, TIMINGS } from "#domain/constants.ts";
import type { PlaceChoice } from "#domain/geo.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { appQueryClient } from "#web/lib/query-client.ts";
import { shellMessages } from "#web/shell/shell-messages.ts";
import { useCombobox } from "#web/shell/use-combobox.ts";
import { searchPlaces } from "./geo-api.ts";
import { locationMessages } from "./location-messages.ts";

function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), TIMINGS.placeSearchDebounceMs);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

/**
 * Place search (spec §5: from more than 2 characters; §9: at most 5): an ARIA 1.2 combobox. The
 * header's picker and the booking address form use it; `value`/`onQueryChange` let a form keep
 * what was typed when no suggestion is chosen.
 */
export function PlaceSearch({
  label,
  onChoose,
  value,
  onQueryChange,
  required = false,
}: {
  label: string;
  onChoose: (place: PlaceChoice) => void;
  value?: string;
  onQueryChange?: (query: string) => void;
  required?: boolean;
}) {
  const t = useT(locationMessages);
  const shell = useT(shellMessages);
  const [ownQuery, setOwnQuery] = useState(value ?? "");
  const query = value ?? ownQuery;
  const setQuery = (next: string) => {
    setOwnQuery(next);
    onQueryChange?.(next);
  };

  const trimmed = query.trim();
  const debounced = useDebounced(trimmed);
  // The name of the place just chosen is not searched for again: that search would only flash
  // "Loading..." under the field and move the form while the person reaches for its next button.
  const [chosenName, setChosenName] = useState<string>();
  const settled = chosenName !== undefined && trimmed === chosenName;
  const searching = debounced.length >= LIMITS.locationSearchMinChars && debounced === trimmed && !settled;
  const search = useQuery(
    {
      queryKey: ["geo", "search", debounced.toLowerCase()],
      queryFn: ({ signal }) => searchPlaces(debounced, signal),
      enabled: debounced.length >= LIMITS.locationSearchMinChars && !settled,
      staleTime: 10 * 60_000,
    },
    appQueryClient,
  );
  const results = searching ? (search.data ?? []) : [];
  const combobox = useCombobox<PlaceChoice>({
    results,
    onChoose: (place) => {
      setChosenName(place.name.trim());
      onChoose(place);
    },
    initiallyOpen: true,
  });
  const expanded = combobox.expanded;

  let announcement = "";
  if (trimmed.length > 0 && trimmed.length < LIMITS.locationSearchMinChars) {
    announcement = t("typeMore", { count: LIMITS.locationSearchMinChars });
  } else if (searching && search.isFetching && !search.data) announcement = shell("loading");
  else if (searching && search.data && results.length === 0) announcement = t("noPlaces", { query: trimmed });
  else if (expanded) announcement = t("placesFound", { count: results.length });

  return (
    <div className="relative">
      <label htmlFor={combobox.inputId} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      <div className="relative mt-1">
        <Search
          className="pointer-events-none absolute left-3.5 top-1/2 size-5 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <input
          {...combobox.inputProps}
          role="combobox"
          aria-expanded={combobox.expanded}
          aria-controls={combobox.listboxId}
          type="text"
          autoComplete="off"
          spellCheck={false}
          required={required}
          placeholder={t("placeholder")}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            combobox.reopen();
          }}
          className="h-11 w-full rounded-xl border border-slate-300 bg-white pl-11 pr-4 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700"
        />
      </div>
      <div
        {...combobox.listboxProps}
        role="listbox"
        aria-label={t("suggestions")}
        className={expanded ? "mt-2 rounded-xl border border-slate-200 py-1" : "hidden"}
      >
        {results.map((place, index) => (
          // biome-ignore lint/a11y/useFocusableInteractive: options are never focused in this pattern
          <div
            key={`${place.name}-${place.lat}-${place.lon}`}
            {...combobox.optionProps(index, place)}
            role="option"
            className={`flex cursor-pointer items-start gap-3 px-3 py-2 ${combobox.isActive(index) ? "bg-brand-50" : ""}`}
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
