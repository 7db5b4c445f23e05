import { I18nProvider } from "@lingui/react";
import type { ReactNode } from "react";
import { DEFAULT_LOCALE } from "#domain/i18n/locales.ts";
import { i18n } from "#web/i18n/i18n.ts";

/** The app's language provider in English, as the mate app's component tests render them (a `wrapper`). */
export function InEnglish({ children }: { children: ReactNode }) {
  if (i18n.locale !== DEFAULT_LOCALE) i18n.activate(DEFAULT_LOCALE);
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
