import { useMutation, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { type Thread, threadSchema } from "#domain/chat.ts";
import { apiGet, apiSend } from "#web/lib/api-client.ts";
import { appQueryClient } from "#web/lib/query-client.ts";

/**
 * A thread's requests, by its base path: `/api/bookings/{id}` for the customer, `/api/mate/jobs/{id}`
 * for the mate.
 */
const threadResponse = z.object({ thread: threadSchema });
export const chatKeys = { all: ["chat"] as const, thread: (base: string) => ["chat", base] as const };

export function useThread(base: string) {
  return useQuery(
    {
      queryKey: chatKeys.thread(base),
      queryFn: ({ signal }) => apiGet(`${base}/messages`, threadResponse, { signal }).then((body) => body.thread),
      staleTime: 0,
    },
    appQueryClient,
  );
}

const show = (base: string) => (thread: Thread) => appQueryClient.setQueryData(chatKeys.thread(base), thread);

export function useSendMessage(base: string) {
  return useMutation(
    {
      mutationFn: (body: string) =>
        apiSend("POST", `${base}/messages`, { body }, threadResponse).then((answer) => answer.thread),
      onSuccess: show(base),
    },
    appQueryClient,
  );
}

export function markThreadRead(base: string): Promise<void> {
  return apiSend("POST", `${base}/messages/read`, undefined, threadResponse).then((answer) => {
    show(base)(answer.thread);
  });
}
