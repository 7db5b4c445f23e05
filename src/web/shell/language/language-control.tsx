import { useId } from "react";
import { isLocale, LOCALE_NAMES, LOCALES, languageOf } from "#domain/i18n/locales.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { changeLanguage } from "./change-language.ts";
import { languageMessages } from "./language-messages.ts";

/**
 * The language menu of the header and the mobile menu: a native select (keyboard, screen readers
 * and phones' own pickers for free), each language named in its own script.
 */
export function LanguageSelect({ className = "" }: { className?: string }) {
  const t = useT(languageMessages);
  const id = useId();
  const locale = activeLocale();
  return (
    <div className={`flex items-center ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t("label")}
      </label>

      <select
        id={id}
        value={locale}
        onChange={(event) => {
          const next = event.target.value;
          if (isLocale(next)) void changeLanguage(next);
        }}
        className="rounded-lg border border-slate-200 bg-white px-2 py-2 text-sm font-semibold text-slate-800 hover:bg-brand-50"
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={languageOf(option)}>
            {LOCALE_NAMES[option]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The footer's row of languages: English · हिन्दी · मराठी, the active one marked. */
export function LanguageLinks() {
  const t = useT(languageMessages);
  const locale = activeLocale();
  return (
    <nav aria-label={t("label")} className="flex flex-wrap items-center gap-1 text-sm">
      {LOCALES.map((option, index) => (
        <span key={option} className="flex items-center gap-1">
          {index > 0 ? <span aria-hidden="true">·</span> : null}
          <button
            type="button"
            lang={languageOf(option)}
            aria-pressed={option === locale}
            onClick={() => void changeLanguage(option)}
            className={`rounded px-1 py-0.5 hover:underline ${option === locale ? "font-semibold text-white" : ""}`}
          >
            {LOCALE_NAMES[option]}
          </button>
        </span>
      ))}
    </nav>
  );
}
