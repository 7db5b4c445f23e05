import { Trans, useLingui } from "@lingui/react";
import { type ReactNode, use, useCallback } from "react";
import { DEFAULT_LOCALE, isLocale, type Locale } from "#domain/i18n/locales.ts";
import { isLoaded, loadArea, type MessageArea } from "./area.ts";

type Values = Record<string, unknown>;

function useAreaLocale(area: MessageArea<string>): Locale {
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  // Suspends the first time an area shows in a language (its catalog's chunk); never in English.
  if (!isLoaded(area, locale)) use(loadArea(area, locale));
  return locale;
}

/**
 * The translate function of an area, in the active language: `t("key", { name })`. The component
 * redraws when the language changes.
 */
export function useT<K extends string>(area: MessageArea<K>): (key: K, values?: Values) => string {
  const { i18n } = useLingui();
  const locale = useAreaLocale(area);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the locale changes what i18n answers.
  return useCallback((key: K, values?: Values) => i18n._(`${area.name}.${key}`, values), [i18n, area, locale]);
}

/**
 * A message with markup: `<0>…</0>` in the catalog becomes `components[0]` wrapping the text, so
 * links and emphasis stay inside the sentence in every language's word order.
 */
export function Msg<K extends string>(props: {
  of: MessageArea<K>;
  id: K;
  values?: Values;
  components?: Record<string, React.ReactElement>;
}): ReactNode {
  useAreaLocale(props.of);
  return (
    <Trans
      id={`${props.of.name}.${props.id}`}
      {...(props.values ? { values: props.values } : {})}
      {...(props.components ? { components: props.components } : {})}
    />
  );
}
