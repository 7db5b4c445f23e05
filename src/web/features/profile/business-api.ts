import { useMutation, useQuery } from "@tanstack/react-query";
import { type Business, businessResponseSchema } from "#domain/gstin.ts";
import { apiGet, apiSend } from "#web/lib/api-client.ts";
import { appQueryClient } from "#web/lib/query-client.ts";

const KEY = ["business"] as const;

/** The business the customer books for, kept in the profile (GET /api/me/business), or null. */
export function useBusiness() {
  return useQuery(
    { queryKey: KEY, queryFn: ({ signal }) => apiGet("/api/me/business", businessResponseSchema, { signal }) },
    appQueryClient,
  );
}

/** Keeps a business (PUT) or forgets it (null: DELETE). */
export function useSaveBusiness() {
  return useMutation(
    {
      mutationFn: (business: Business | null) =>
        business
          ? apiSend("PUT", "/api/me/business", business, businessResponseSchema)
          : apiSend("DELETE", "/api/me/business", {}, businessResponseSchema),
      onSuccess: (answer) => appQueryClient.setQueryData(KEY, answer),
    },
    appQueryClient,
  );
}
