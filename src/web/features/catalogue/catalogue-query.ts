import { useLingui } from "@lingui/react";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { z } from "zod";
import { type Catalogue, catalogueSchema, type Service, serviceSchema } from "#domain/catalogue.ts";
import { DEFAULT_LOCALE, isLocale, type Locale } from "#domain/i18n/locales.ts";
import { allServices } from "#domain/service-lookup.ts";
import { activeLocale } from "#web/i18n/i18n.ts";
import { apiGet } from "#web/lib/api-client.ts";
import { appQueryClient } from "#web/lib/query-client.ts";

const serviceResponseSchema = z.object({ service: serviceSchema });

/**
 * The catalogue's texts come in the screen's language (record 070): `?lang=` in the URL, so the
 * browser's and the service worker's caches keep each language apart. English asks with no
 * parameter, the URL the service worker fetches ahead for offline use.
 */
const inLanguage = (path: string, locale: Locale) => (locale === DEFAULT_LOCALE ? path : `${path}?lang=${locale}`);

/** GET /api/services: the whole catalogue, grouped Homekit, Nearkart, Renova. */
export function fetchCatalogue(locale: Locale, signal?: AbortSignal): Promise<Catalogue> {
  return apiGet(inLanguage("/api/services", locale), catalogueSchema, signal ? { signal } : {});
}

/** GET /api/services/:name. A missing service rejects with ApiError status 404. */
export async function fetchService(name: string, locale: Locale, signal?: AbortSignal): Promise<Service> {
  const body = await apiGet(
    inLanguage(`/api/services/${encodeURIComponent(name)}`, locale),
    serviceResponseSchema,
    signal ? { signal } : {},
  );
  return body.service;
}

export const catalogueKeys = {
  all: ["services"] as const,
  catalogue: (locale: Locale) => [...catalogueKeys.all, "catalogue", locale] as const,
  service: (name: string, locale: Locale) => [...catalogueKeys.all, "service", name, locale] as const,
};

export function catalogueQueryOptions(locale: Locale = activeLocale()) {
  return queryOptions({
    queryKey: catalogueKeys.catalogue(locale),
    queryFn: ({ signal }) => fetchCatalogue(locale, signal),
  });
}

/** One service; shown at once from the (prefetched) catalogue, then confirmed by its own request. */
export function serviceQueryOptions(name: string, locale: Locale = activeLocale()) {
  const whole = catalogueQueryOptions(locale).queryKey;
  return queryOptions({
    queryKey: catalogueKeys.service(name, locale),
    queryFn: ({ signal }) => fetchService(name, locale, signal),
    initialData: () => {
      const catalogue = appQueryClient.getQueryData(whole);
      return catalogue ? allServices(catalogue).find((service) => service.name === name) : undefined;
    },
    initialDataUpdatedAt: () => appQueryClient.getQueryState(whole)?.dataUpdatedAt,
  });
}

/** Starts loading the catalogue (prefetch.ts calls it at start), so pages find it ready. */
export function prefetchCatalogue(): Promise<void> {
  return appQueryClient.prefetchQuery(catalogueQueryOptions());
}

/** The screen's language; the component redraws (and its queries ask again) when it changes. */
function useLocale(): Locale {
  const { i18n } = useLingui();
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

/**
 * The catalogue in the screen's language (or in `fixed`: the console's is English); until a new
 * language's answer comes, the last one shows.
 */
export function useCatalogue(fixed?: Locale) {
  const screen = useLocale();
  const locale = fixed ?? screen;
  return useQuery({ ...catalogueQueryOptions(locale), placeholderData: (previous) => previous }, appQueryClient);
}

/** One service by URL name; `enabled: false` holds the request (e.g. while the catalogue answers). */
export function useService(name: string, { enabled = true }: { enabled?: boolean } = {}) {
  const locale = useLocale();
  return useQuery({ ...serviceQueryOptions(name, locale), enabled }, appQueryClient);
}

/**
 * A service's title by its URL name: the API names services by their names (`deep-cleaning`), which
 * are for machines; a person reads "Deep Cleaning". Until the catalogue has loaded, or for a service
 * it no longer lists, the name is what there is.
 */
export function useServiceTitles(fixed?: Locale): (name: string) => string {
  const { data } = useCatalogue(fixed);
  const titles = useMemo(
    () => new Map(data ? allServices(data).map((service) => [service.name, service.title]) : []),
    [data],
  );
  return (name) => titles.get(name) ?? name;
}

/**
 * The catalogue's services in the screen's language when that is not English, else null: a
 * booking keeps the names it was booked with, in English, and a screen in Hindi or Marathi shows
 * them in its language from here (`#domain/names-in-language.ts`). English screens ask for nothing.
 */
export function useTranslatedServices(): readonly Service[] | null {
  const locale = useLocale();
  const translated = locale !== DEFAULT_LOCALE;
  const { data } = useQuery({ ...catalogueQueryOptions(locale), enabled: translated }, appQueryClient);
  return useMemo(() => (translated && data ? allServices(data) : null), [translated, data]);
}
