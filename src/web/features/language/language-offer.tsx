import { type Messages, setupI18n } from "@lingui/core";
import { use, useState } from "react";
import {
  DEFAULT_LOCALE,
  formatLocale,
  LANGUAGE_OFFER_STORAGE_KEY,
  type Locale,
  languageOf,
  preferredLocale,
} from "#domain/i18n/locales.ts";
import { activeLocale, languageChosenOnDevice } from "#web/i18n/i18n.ts";
import { changeLanguage } from "#web/shell/language/change-language.ts";
import { languageMessages } from "#web/shell/language/language-messages.ts";
import { readStorage, writeStorage } from "#web/shell/local-storage.ts";

type Offered = Exclude<Locale, "en-IN">;

/** The language to offer a first-time visitor whose browser prefers Hindi or Marathi, if any. */
export function languageToOffer(): Offered | null {
  if (languageChosenOnDevice() || readStorage(LANGUAGE_OFFER_STORAGE_KEY) !== null) return null;
  const preferred = preferredLocale(navigator.languages ?? [navigator.language]);
  return preferred && preferred !== DEFAULT_LOCALE && preferred !== activeLocale() ? preferred : null;
}

/** The offer's texts in the language it offers; null when they cannot be had (then no offer). */
const catalogs = new Map<Offered, Promise<Messages | null>>();

/**
 * A small card at the foot of the screen, written in the language it offers (the page itself stays
 * as it is until the visitor says yes): never a redirect, never a dialog that blocks the page.
 * Answering it either way, or choosing a language anywhere, puts it away for good.
 */
export function LanguageOffer({ locale }: { locale: Offered }) {
  const [open, setOpen] = useState(true);
  let catalog = catalogs.get(locale);
  if (!catalog) {
    catalog = languageMessages.loaders[locale]().then(
      (module) => module.messages as Messages,
      () => null,
    );
    catalogs.set(locale, catalog);
  }
  const messages = use(catalog);
  if (!open || !messages) return null;
  const own = setupI18n({ locale, locales: [formatLocale(locale)], messages: { [locale]: messages } });
  const close = () => {
    writeStorage(LANGUAGE_OFFER_STORAGE_KEY, locale);
    setOpen(false);
  };
  return (
    <section
      aria-label={own._("offerRegion")}
      lang={languageOf(locale)}
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-lg"
    >
      <p className="flex-1 text-sm text-slate-800">{own._("offerText")}</p>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={() => {
            close();
            void changeLanguage(locale);
          }}
          className="rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {own._("offerSwitch")}
        </button>
        <button
          type="button"
          onClick={close}
          className="rounded-lg border border-slate-200 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-brand-50"
        >
          {own._("offerDismiss")}
        </button>
      </div>
    </section>
  );
}
