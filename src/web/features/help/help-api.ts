import { useMutation, useQuery } from "@tanstack/react-query";
import { caseListSchema, caseResponseSchema, type HelpCase } from "#domain/help-api.ts";
import { useServerEvent } from "#web/features/events/public.ts";
import { apiGet, apiSend, apiUpload } from "#web/lib/api-client.ts";
import { appQueryClient, rereadQueries } from "#web/lib/query-client.ts";

/** The customer's cases (`/api/cases`, `/api/bookings/:id/cases`); every answer checked by the domain's schema. */

export const helpKeys = {
  all: ["help"] as const,
  mine: ["help", "mine"] as const,
  one: (id: string) => ["help", "case", id] as const,
};
/** The booking feature's queries: a case's change shows on its booking (its help part). */
const BOOKINGS = ["booking"] as const;

export function useCase(id: string) {
  return useQuery(
    {
      queryKey: helpKeys.one(id),
      queryFn: ({ signal }) => apiGet(`/api/cases/${encodeURIComponent(id)}`, caseResponseSchema, { signal }),
      select: (answer) => answer.case,
    },
    appQueryClient,
  );
}

export function useMyCases() {
  return useQuery(
    {
      queryKey: helpKeys.mine,
      queryFn: ({ signal }) => apiGet("/api/cases", caseListSchema, { signal }),
      select: (answer) => answer.cases,
    },
    appQueryClient,
  );
}

/** A case the server answered with: shown at once, and the lists that name it read again. */
function showCase(helpCase: HelpCase): void {
  appQueryClient.setQueryData(helpKeys.one(helpCase.id), { case: helpCase });
  rereadQueries(helpKeys.mine);
  rereadQueries(BOOKINGS);
}

const upload = (path: string) => (form: FormData) => apiUpload(path, form, caseResponseSchema).then((a) => a.case);

export function useOpenCase(bookingId: string) {
  return useMutation(
    { mutationFn: upload(`/api/bookings/${encodeURIComponent(bookingId)}/cases`), onSuccess: showCase },
    appQueryClient,
  );
}

export function useReply(caseId: string) {
  return useMutation(
    { mutationFn: upload(`/api/cases/${encodeURIComponent(caseId)}/messages`), onSuccess: showCase },
    appQueryClient,
  );
}

export function useRateCase(caseId: string) {
  return useMutation(
    {
      mutationFn: (solved: boolean) =>
        apiSend("POST", `/api/cases/${encodeURIComponent(caseId)}/rating`, { solved }, caseResponseSchema).then(
          (a) => a.case,
        ),
      onSuccess: showCase,
    },
    appQueryClient,
  );
}

/**
 * An operator's step reaches the customer's open case live: the `case` event is the signal to read
 * it again (and its booking), as booking events are; after a gap in the stream, everything is read again.
 */
export function useCaseEvents(): void {
  useServerEvent("case", () => {
    rereadQueries(helpKeys.all);
    rereadQueries(BOOKINGS);
  });
  useServerEvent("open", () => rereadQueries(helpKeys.all));
}
