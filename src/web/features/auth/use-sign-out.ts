import { useMutation } from "@tanstack/react-query";
import { dropSubscriptionHere } from "#web/features/notifications/public.ts";
import { appQueryClient } from "#web/lib/query-client.ts";
import { signOut } from "./auth-api.ts";
import { setSession } from "./session-query.ts";

/** How long to wait for the page to be left before forgetting the token anyway. */
const LEAVE_TIMEOUT_MS = 2_000;

/**
 * Sign-out (POST /api/auth/sign-out): this device's push subscription is dropped, the server ends the session, the app goes home, then the
 * browser forgets authToken and userInfo (session-sync.ts). `leave` goes home and resolves once the
 * page that signed out is gone, so that /profile without a token is never drawn (it would be
 * remembered as redirectAfterLogin, spec §2).
 */
export function useSignOut(leave: () => Promise<void>) {
  return useMutation(
    {
      mutationFn: async () => {
        // Best effort: the server drops the device's subscription with the session in any case.
        await dropSubscriptionHere().catch(() => undefined);
        await signOut();
        await Promise.race([leave(), new Promise((resolve) => setTimeout(resolve, LEAVE_TIMEOUT_MS))]);
        setSession(null);
      },
    },
    appQueryClient,
  );
}
