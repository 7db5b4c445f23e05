import { QueryClient } from "@tanstack/react-query";
import { isClientError } from "#web/lib/api-client.ts";

/**
 * The app's one QueryClient. Feature hooks pass it to useQuery explicitly instead of reading
 * it from a provider at the root: that keeps TanStack Query (and zod, which every fetcher
 * needs) out of the start-up bundle. See docs/decisions (home page payload).
 * The catalogue changes rarely: five minutes fresh.
 */
export const appQueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5 * 60_000,
      gcTime: 30 * 60_000,
      // A 4xx answer will be the same next time; network hiccups get two more tries.
      retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
      refetchOnWindowFocus: false,
    },
  },
});

/**
 * Reads the matching queries again because the server said they changed (a live event, or the
 * event stream (re)opened). A read already on its way is dropped first: it may have started before
 * the change, and TanStack Query would otherwise hand it back instead of starting a new one when the
 * query has no data yet, or let its older answer land after a newer one. So the last answer shown
 * always comes from a read started after the last change was heard.
 */
export function rereadQueries(queryKey: readonly unknown[]): void {
  void appQueryClient
    .cancelQueries({ queryKey })
    .then(() => appQueryClient.invalidateQueries({ queryKey }, { cancelRefetch: true }));
}
