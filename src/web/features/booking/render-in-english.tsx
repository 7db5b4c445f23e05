import { I18nProvider } from "@lingui/react";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { DEFAULT_LOCALE, type Locale } from "#domain/i18n/locales.ts";
import { loadDefinedAreas } from "#web/i18n/area.ts";
import { activateLocale, i18n } from "#web/i18n/i18n.ts";

const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>;

/** Renders a screen of the booking journey as the app does, in English (the component tests). */
export function renderInEnglish(ui: ReactNode) {
  activateLocale(DEFAULT_LOCALE);
  return render(ui, { wrapper });
}

/** Renders it in another language, its catalogs loaded first (as a change of language does). */
export async function renderIn(locale: Locale, ui: ReactNode) {
  await loadDefinedAreas(locale);
  activateLocale(locale);
  return render(ui, { wrapper });
}
