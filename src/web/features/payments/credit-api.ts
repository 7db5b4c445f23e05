import { useQuery } from "@tanstack/react-query";
import { creditAccountSchema } from "#domain/credit.ts";
import { apiGet } from "#web/lib/api-client.ts";
import { appQueryClient } from "#web/lib/query-client.ts";

/** The customer's Mates credit (GET /api/me/credit): read afresh each time a screen shows it. */
export function useCredit(options: { enabled?: boolean } = {}) {
  return useQuery(
    {
      queryKey: ["credit"],
      queryFn: ({ signal }) => apiGet("/api/me/credit", creditAccountSchema, { signal }),
      staleTime: 0,
      enabled: options.enabled ?? true,
    },
    appQueryClient,
  );
}
