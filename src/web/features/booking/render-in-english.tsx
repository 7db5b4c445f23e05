import { I18nProvider } from "@lingui/react";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { DEFAULT_LOCALE } from "#domain/i18n/locales.ts";
import { activateLocale, i18n } from "#web/i18n/i18n.ts";

/** Renders a screen of the booking journey as the app does, in English (the component tests). */
export function renderInEnglish(ui: ReactNode) {
  activateLocale(DEFAULT_LOCALE);
  return render(ui, { wrapper: ({ children }) => <I18nProvider i18n={i18n}>{children}</I18nProvider> });
}
