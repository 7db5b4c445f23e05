import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { MeResponse } from "#domain/user.ts";
import { appQueryClient } from "#web/lib/query-client.ts";
import { fetchAuthOptions, fetchMe, updateMe } from "./auth-api.ts";

/**
 * The session as the server reports it (GET /api/me), kept in the app's one QueryClient: `null`
 * when nobody is signed in. session-sync.ts mirrors every change of it into localStorage.
 */
export const sessionKeys = {
  me: ["session", "me"] as const,
  authOptions: ["session", "auth-options"] as const,
};

export function meQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.me,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 60_000,
  });
}

/**
 * Asks the server again now; answers undefined when it could not be reached (state kept). With
 * `reuseFresh`, an answer this page already has and that is still fresh (a page's `useMe`) is taken
 * instead of asking again.
 */
export async function refreshSession({ reuseFresh = false } = {}): Promise<MeResponse | null | undefined> {
  try {
    return await appQueryClient.query(reuseFresh ? meQueryOptions() : { ...meQueryOptions(), staleTime: 0 });
  } catch {
    return undefined;
  }
}

export function setSession(me: MeResponse | null): void {
  appQueryClient.setQueryData(sessionKeys.me, me);
}

export function useMe() {
  return useQuery(meQueryOptions(), appQueryClient);
}

/** PATCH /api/me; the answer replaces the session's user record. */
export function useUpdateMe() {
  return useMutation({ mutationFn: updateMe, onSuccess: (me) => setSession(me) }, appQueryClient);
}

export function authOptionsQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.authOptions,
    queryFn: ({ signal }) => fetchAuthOptions(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Whether Google sign-in is set up; undefined until the server has answered. */
export function useAuthOptions() {
  return useQuery(authOptionsQueryOptions(), appQueryClient);
}
