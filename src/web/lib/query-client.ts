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
