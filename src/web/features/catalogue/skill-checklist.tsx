import type { Locale } from "#domain/i18n/locales.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { catalogueMessages } from "./catalogue-messages.ts";
import { useCatalogue } from "./catalogue-query.ts";

/**
 * The catalogue's services as checkboxes, by group: what a professional does (the application at
 * /join, a mate's skills in the console). `selected` holds service names.
 */
export function SkillChecklist({
  legend,
  hint,
  selected,
  onChange,
  error,
  locale,
}: {
  legend: string;
  hint?: string;
  selected: readonly string[];
  onChange: (skills: string[]) => void;
  error?: string | undefined;
  /** The services' language when not the screen's (the console's is English). */
  locale?: Locale;
}) {
  const t = useT(catalogueMessages);
  const catalogue = useCatalogue(locale);
  return (
    <fieldset aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-semibold text-slate-800">{legend}</legend>
      {hint ? <p className="text-sm text-slate-600">{hint}</p> : null}
      {catalogue.isPending ? <p className="mt-2 text-sm text-slate-600">{t("loadingServices")}</p> : null}
      {catalogue.isError ? <p className="mt-2 text-sm text-red-700">{catalogue.error.message}</p> : null}
      {(catalogue.data?.groups ?? []).map((group) => (
        <div key={group.name} className="mt-3">
          <p className="text-sm font-semibold text-slate-700">{group.name}</p>
          <div className="mt-1 grid gap-1 sm:grid-cols-2">
            {group.services.map((service) => (
              <label key={service.name} className="flex items-center gap-2 text-slate-800">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-800"
                  checked={selected.includes(service.name)}
                  onChange={(event) =>
                    onChange(
                      event.target.checked
                        ? [...selected, service.name]
                        : selected.filter((name) => name !== service.name),
                    )
                  }
                />
                {service.title}
              </label>
            ))}
          </div>
        </div>
      ))}
      {error ? <p className="mt-1 text-sm font-medium text-red-700">{error}</p> : null}
    </fieldset>
  );
}
