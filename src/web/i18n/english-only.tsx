import { I18nProvider } from "@lingui/react";
import { type ReactNode, useEffect } from "react";
import { DEFAULT_LOCALE } from "#domain/i18n/locales.ts";
import { englishI18n, i18n } from "./i18n.ts";

/**
 * A part of the app that stays English whatever the device's language (issue 40): the operators'
 * console and the tax invoice. Shared components inside it (the skill checklist, the account
 * button, the role frame) read English, and `<html lang>` says so while it is on screen.
 */
export function EnglishOnly({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.lang = DEFAULT_LOCALE;
    const restore = () => {
      document.documentElement.lang = i18n.locale;
    };
    return restore;
  }, []);
  return <I18nProvider i18n={englishI18n}>{children}</I18nProvider>;
}
