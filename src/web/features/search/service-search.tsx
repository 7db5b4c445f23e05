import { Search } from "lucide-react";
import { type KeyboardEvent, useId, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { Service } from "#domain/catalogue.ts";
import { LIMITS, MESSAGES } from "#domain/constants.ts";
import { allServices } from "#domain/service-lookup.ts";
import { searchServices } from "#domain/service-search.ts";
import { ServiceIcon, useCatalogue } from "#web/features/catalogue/public.ts";

/**
 * Service search (spec §2 header, §5, §9): an ARIA 1.2 combobox with a listbox of up to six
 * suggestions, from two characters on. Arrow keys move, Enter opens the service, Escape
 * closes the list (a second Escape clears the box). Choosing goes to /service/{name}.
 */
export function ServiceSearch({
  label = "Search services",
  regionLabel = "Service search",
}: {
  /** The input's label; a second search box on a page (not-found screens) gets its own. */
  label?: string;
  /** Names the search landmark, for the same reason. */
  regionLabel?: string;
}) {
  const id = useId();
  const inputId = `${id}-input`;
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const navigate = useNavigate();
  const catalogue = useCatalogue();
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const services = useMemo(() => (catalogue.data ? allServices(catalogue.data) : []), [catalogue.data]);
  const results = useMemo(() => searchServices(services, query), [services, query]);
  const searching = query.trim().length >= LIMITS.serviceSearchMinChars;
  const showPopup = open && searching;
  const expanded = showPopup && results.length > 0;

  const choose = (service: Service) => {
    setQuery("");
    setOpen(false);
    setActive(-1);
    inputRef.current?.blur();
    navigate(`/service/${service.name}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown": {
        event.preventDefault();
        if (!searching || results.length === 0) return;
        setOpen(true);
        setActive((current) => (!open || current >= results.length - 1 ? 0 : current + 1));
        return;
      }
      case "ArrowUp": {
        event.preventDefault();
        if (!searching || results.length === 0) return;
        setOpen(true);
        setActive((current) => (!open || current <= 0 ? results.length - 1 : current - 1));
        return;
      }
      case "Enter": {
        event.preventDefault();
        const chosen = expanded ? (results[active] ?? results[0]) : undefined;
        if (chosen) choose(chosen);
        return;
      }
      case "Escape": {
        if (showPopup) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (query !== "") {
          event.preventDefault();
          setQuery("");
        }
        return;
      }
      case "Tab":
        setOpen(false);
        setActive(-1);
        return;
    }
  };

  let announcement = "";
  if (showPopup) {
    if (catalogue.isPending) announcement = MESSAGES.loading;
    else if (catalogue.isError) announcement = "Services could not be loaded. Please try again.";
    else if (results.length === 0) announcement = `No services match “${query.trim()}”.`;
    else announcement = `${results.length} ${results.length === 1 ? "service" : "services"} found.`;
  }

  return (
    <search aria-label={regionLabel} className="relative block w-full">
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute left-3.5 top-1/2 size-5 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
      <input
        ref={inputRef}
        id={inputId}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        enterKeyHint="search"
        placeholder="Search for a service, e.g. plumber"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        className="h-11 w-full rounded-full border border-slate-300 bg-slate-50 pl-11 pr-4 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700 focus:bg-white focus-visible:outline-offset-0 md:text-sm"
      />
      <div
        className={`absolute inset-x-0 top-full z-50 mt-2 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl ${
          showPopup ? "" : "hidden"
        }`}
      >
        <div id={listboxId} role="listbox" aria-label="Service suggestions" className={expanded ? "py-1" : "hidden"}>
          {results.map((service, index) => (
            // The combobox keeps focus and handles the keys (aria-activedescendant); options are
            // pointed at, never focused: ARIA 1.2 combobox pattern.
            // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the combobox input
            // biome-ignore lint/a11y/useFocusableInteractive: options are never focused in this pattern
            <div
              key={service.name}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActive(index)}
              onClick={() => choose(service)}
              className={`flex cursor-pointer items-center gap-3 px-4 py-2.5 ${
                index === active ? "bg-brand-50 text-brand-950" : "text-slate-900"
              }`}
            >
              <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-800">
                <ServiceIcon name={service.icon} className="size-5" />
              </span>
              <span className="min-w-0">
                <span className="block truncate font-medium">{service.title}</span>
                <span className="block text-xs text-slate-600">{service.group}</span>
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
