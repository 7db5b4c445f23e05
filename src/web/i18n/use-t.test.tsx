// @vitest-environment happy-dom
import { I18nProvider } from "@lingui/react";
import { act, cleanup, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { LANGUAGE_STORAGE_KEY } from "#domain/i18n/locales.ts";
import { changeLanguage } from "#web/shell/language/change-language.ts";
import { LanguageLinks, LanguageSelect } from "#web/shell/language/language-control.tsx";
import { languageMessages } from "#web/shell/language/language-messages.ts";
import { activateLocale, i18n } from "./i18n.ts";
import { Msg, useT } from "./use-t.tsx";

/** The runtime of decision 068: an area's texts in the active language, loaded before the switch. */
function Label() {
  const t = useT(languageMessages);
  return <p>{t("label")}</p>;
}

const app = () =>
  render(
    <I18nProvider i18n={i18n}>
      <Suspense fallback={<p>waiting</p>}>
        <Label />
        <Msg of={languageMessages} id="offerText" />
        <LanguageSelect />
        <LanguageLinks />
      </Suspense>
    </I18nProvider>,
  );

afterEach(async () => {
  cleanup();
  await act(() => changeLanguage("en-IN"));
  window.localStorage.clear();
});

describe("useT, Msg and the language control", () => {
  it("shows English, compiled at build time, with nothing to load", () => {
    activateLocale("en-IN");
    app();
    expect(screen.getByText("Language", { selector: "p" })).toBeTruthy();
    expect(screen.getByText("Mates is also in English.")).toBeTruthy();
    expect(document.documentElement.lang).toBe("en-IN");
  });

  it("switches the whole page at once, keeps the choice on the device and sets <html lang>", async () => {
    activateLocale("en-IN");
    app();
    await act(() => changeLanguage("hi-IN"));
    expect(screen.getByText("भाषा", { selector: "p" })).toBeTruthy();
    expect(screen.getByText("Mates अब हिन्दी में भी है।")).toBeTruthy();
    expect(document.documentElement.lang).toBe("hi-IN");
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("hi-IN");
    expect((screen.getByRole("combobox") as HTMLSelectElement).value).toBe("hi-IN");
    expect(screen.getByRole("button", { name: "हिन्दी" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "English" }).getAttribute("aria-pressed")).toBe("false");
  });

  it("names each language in its own script", () => {
    activateLocale("en-IN");
    app();
    const options = [...(screen.getByRole("combobox") as HTMLSelectElement).options];
    expect(options.map((option) => [option.textContent, option.lang])).toEqual([
      ["English", "en"],
      ["हिन्दी", "hi"],
      ["मराठी", "mr"],
    ]);
  });
});
