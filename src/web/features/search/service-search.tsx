import { Search } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { averageText, type Service } from "#domain/catalogue.ts";
import { LIMITS } from "#domain/constants.ts";
import { allServices } from "#domain/service-lookup.ts";
import { searchServices } from "#domain/service-search.ts";
import { ServiceIcon, useCatalogue } from "#web/features/catalogue/public.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { shellMessages } from "#web/shell/shell-messages.ts";
import { useCombobox } from "#web/shell/use-combobox.ts";
import { useSearchAliases } from "./search-aliases.ts";
import { searchMessages } from "./search-messages.ts";

/**
 * Service search (spec §2 header, §5, §9): an ARIA 1.2 combobox with a listbox of up to six
 * suggestions, from two characters on. Arrow keys move, Enter opens the service, Escape
 * closes the list (a second Escape clears the box). Choosing goes to /service/{name}.
 */
export function ServiceSearch({
  label,
  regionLabel,
}: {
  /** The input's label; a second search box on a page (not-found screens) gets its own. */
  label?: string;
  /** Names the search landmark, for the same reason. */
  regionLabel?: string;
}) {
  const t = useT(searchMessages);
  const shell = useT(shellMessages);
  const navigate = useNavigate();
  const catalogue = useCatalogue();
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState("");

  const services = useMemo(() => (catalogue.data ? allServices(catalogue.data) : []), [catalogue.data]);
  const searching = query.trim().length >= LIMITS.serviceSearchMinChars;
  const aliases = useSearchAliases(query !== "");
  const results = useMemo(
    () => (searching ? searchServices(services, query, LIMITS.serviceSuggestions, aliases) : []),
    [services, query, searching, aliases],
  );
  const combobox = useCombobox<Service>({
    results,
    onChoose: (service) => {
      setQuery("");
      inputRef.current?.blur();
      navigate(`/service/${service.name}`);
    },
    // Open with two characters typed, the popup shows, if only to say that nothing matches.
    popupShown: (open) => open && searching,
    // A second Escape clears the box.
    onEscapeClosed: () => {
      if (query === "") return false;
      setQuery("");
      return true;
    },
  });
  const showPopup = combobox.shown;
  const expanded = combobox.expanded;

  let announcement = "";
  if (showPopup) {
    if (catalogue.isPending) announcement = shell("loading");
    else if (catalogue.isError) announcement = t("loadFailed");
    else if (results.length === 0) announcement = t("noMatch", { query: query.trim() });
    else announcement = t("found", { count: results.length });
  }

  return (
    <search aria-label={regionLabel ?? t("region")} className="relative block w-full">
      <label htmlFor={combobox.inputId} className="sr-only">
        {label ?? t("label")}
      </label>
      <Search
        className="pointer-events-none absolute left-3.5 top-1/2 size-5 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
      <input
        ref={inputRef}
        {...combobox.inputProps}
        role="combobox"
        aria-expanded={combobox.expanded}
        aria-controls={combobox.listboxId}
        type="text"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        enterKeyHint="search"
        placeholder={t("placeholder")}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          combobox.reopen();
        }}
        onFocus={combobox.reopen}
        onBlur={combobox.close}
        className="h-11 w-full rounded-full border border-slate-300 bg-slate-50 pl-11 pr-4 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700 focus:bg-white focus-visible:outline-offset-0 md:text-sm"
      />
      <div
        className={`absolute inset-x-0 top-full z-50 mt-2 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl ${
          showPopup ? "" : "hidden"
        }`}
      >
        <div
          {...combobox.listboxProps}
          role="listbox"
          aria-label={t("suggestions")}
          className={expanded ? "py-1" : "hidden"}
        >
          {results.map((service, index) => (
            // The combobox keeps focus and handles the keys (aria-activedescendant); options are
            // pointed at, never focused: ARIA 1.2 combobox pattern.
            // biome-ignore lint/a11y/useFocusableInteractive: options are never focused in this pattern
            <div
              key={service.name}
              {...combobox.optionProps(index, service)}
              role="option"
              className={`flex cursor-pointer items-center gap-3 px-4 py-2.5 ${
                combobox.isActive(index) ? "bg-brand-50 text-brand-950" : "text-slate-900"
              }`}
            >
              <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-800">
                <ServiceIcon name={service.icon} className="size-5" />
              </span>
              <span className="min-w-0">
                <span className="block truncate font-medium">{service.title}</span>
                <span className="block text-xs text-slate-600">
                  {service.group}
                  {averageText(service)}
                </span>
              </span>
            </div>
          ))}
        </div>
        {showPopup && !expanded ? <p className="px-4 py-3 text-sm text-slate-700">{announcement}</p> : null}
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </search>
  );
}
