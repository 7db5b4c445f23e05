import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { mateWeeksSchema, weekDetailSchema } from "#domain/earnings.ts";
import { apiGet } from "#web/lib/api-client.ts";
import { appQueryClient } from "#web/lib/query-client.ts";

/** The mate's money (record 066): their weeks page by page, and one week in full when opened. */

export function useMateWeeks() {
  return useInfiniteQuery(
    {
      queryKey: ["mate", "money"],
      initialPageParam: undefined as string | undefined,
      queryFn: ({ pageParam, signal }) =>
        apiGet(`/api/mate/earnings/weeks${pageParam ? `?before=${pageParam}` : ""}`, mateWeeksSchema, { signal }),
      getNextPageParam: (page) => page.nextBefore ?? undefined,
      staleTime: 0,
    },
    appQueryClient,
  );
}

export function useMateWeek(week: string, enabled: boolean) {
  return useQuery(
    {
      queryKey: ["mate", "money", week],
      queryFn: ({ signal }) => apiGet(`/api/mate/earnings/weeks/${week}`, weekDetailSchema, { signal }),
      enabled,
    },
    appQueryClient,
  );
}
