import { Trans, useLingui } from "@lingui/react";
import { type ReactNode, use, useCallback } from "react";
import { DEFAULT_LOCALE, isLocale, type Locale } from "#domain/i18n/locales.ts";
import { isLoaded, loadArea, type MessageArea } from "./area.ts";

type Values = Record<string, unknown>;

/** A promise React reads as already fulfilled (its `status` and `value`), so `use` never waits. */
const SETTLED = Object.assign(Promise.resolve(), { status: "fulfilled", value: undefined });

function useAreaLocale(area: MessageArea<string>): Locale {
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  // Suspends the first time an area shows in a language (its catalog's chunk); never in English.
  // `use` is called every time, with a settled promise once the catalog is in: React replays a
  // component that suspended here, and the replay must make the same calls, or the component's
  // next hook fails ("update hook called on initial render", React error 467).
  use(isLoaded(area, locale) ? SETTLED : loadArea(area, locale));
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
