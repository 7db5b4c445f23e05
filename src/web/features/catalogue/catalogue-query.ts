import { queryOptions, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { z } from "zod";
import { type Catalogue, catalogueSchema, type Service, serviceSchema } from "#domain/catalogue.ts";
import { allServices } from "#domain/service-lookup.ts";
import { apiGet } from "#web/lib/api-client.ts";
import { appQueryClient } from "#web/lib/query-client.ts";

const serviceResponseSchema = z.object({ service: serviceSchema });

/** GET /api/services: the whole catalogue, grouped Homekit, Nearkart, Renova. */
export function fetchCatalogue(signal?: AbortSignal): Promise<Catalogue> {
  return apiGet("/api/services", catalogueSchema, signal ? { signal } : {});
}

/** GET /api/services/:name. A missing service rejects with ApiError status 404. */
export async function fetchService(name: string, signal?: AbortSignal): Promise<Service> {
  const body = await apiGet(
    `/api/services/${encodeURIComponent(name)}`,
    serviceResponseSchema,
    signal ? { signal } : {},
  );
  return body.service;
}

export const catalogueKeys = {
  all: ["services"] as const,
  catalogue: () => [...catalogueKeys.all, "catalogue"] as const,
  service: (name: string) => [...catalogueKeys.all, "service", name] as const,
};

export function catalogueQueryOptions() {
  return queryOptions({
    queryKey: catalogueKeys.catalogue(),
    queryFn: ({ signal }) => fetchCatalogue(signal),
  });
}

/** One service; shown at once from the (prefetched) catalogue, then confirmed by its own request. */
export function serviceQueryOptions(name: string) {
  return queryOptions({
    queryKey: catalogueKeys.service(name),
    queryFn: ({ signal }) => fetchService(name, signal),
    initialData: () => {
      const catalogue = appQueryClient.getQueryData(catalogueQueryOptions().queryKey);
      return catalogue ? allServices(catalogue).find((service) => service.name === name) : undefined;
    },
    initialDataUpdatedAt: () => appQueryClient.getQueryState(catalogueQueryOptions().queryKey)?.dataUpdatedAt,
  });
}

/** Starts loading the catalogue (prefetch.ts calls it at start), so pages find it ready. */
export function prefetchCatalogue(): Promise<void> {
  return appQueryClient.prefetchQuery(catalogueQueryOptions());
}

export function useCatalogue() {
  return useQuery(catalogueQueryOptions(), appQueryClient);
}

/** One service by URL name; `enabled: false` holds the request (e.g. while the catalogue answers). */
export function useService(name: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...serviceQueryOptions(name), enabled }, appQueryClient);
}

/**
 * A service's title by its URL name: the API names services by their names (`deep-cleaning`), which
 * are for machines; a person reads "Deep Cleaning". Until the catalogue has loaded, or for a service
 * it no longer lists, the name is what there is.
 */
export function useServiceTitles(): (name: string) => string {
  const { data } = useCatalogue();
  const titles = useMemo(
    () => new Map(data ? allServices(data).map((service) => [service.name, service.title]) : []),
    [data],
  );
  return (name) => titles.get(name) ?? name;
}
