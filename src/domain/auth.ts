import { z } from "zod";

/** GET /api/auth-options: which sign-in methods this deployment offers. */
export const authOptionsSchema = z.object({ google: z.boolean() });
export type AuthOptions = z.infer<typeof authOptionsSchema>;

/** POST /api/auth/sign-in/social: where to send the Google window next. */
export const socialSignInResponseSchema = z.object({ url: z.string().min(1) });

/** Spec §3: localStorage `userInfo`, JSON with email, plus uid and name at signup. */
export const userInfoSchema = z.object({
  email: z.string(),
  uid: z.string().optional(),
  name: z.string().optional(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/**
 * Google sign-in runs in a window of its own. The server sends that window to this static page
 * (src/web/public/auth/google-done.html) on success and on failure; the page tells the app with a
 * message of this type (postMessage to its opener, or on the BroadcastChannel when the opener is
 * gone) and closes. The page cannot import this module: it repeats these three values.
 */
export const GOOGLE_SIGN_IN = {
  donePath: "/auth/google-done.html",
  messageType: "mates:google-sign-in",
  channel: "mates-auth",
  windowName: "mates-google",
} as const;

/** What google-done.html reports: `error` is the provider's or the server's error code. */
export const googleSignInMessageSchema = z.object({
  type: z.literal(GOOGLE_SIGN_IN.messageType),
  ok: z.boolean(),
  error: z.string().nullable().optional(),
});
export type GoogleSignInMessage = z.infer<typeof googleSignInMessageSchema>;

/** The human sentence after "Google login failed: " for an error code of the Google window. */
export function googleErrorMessage(code: string | null | undefined): string {
  switch (code) {
    case "access_denied":
      return "You cancelled Google sign-in.";
    case "popup_blocked":
      return "Your browser blocked the Google sign-in window. Allow pop-ups for Mates and try again.";
    case "account_not_linked":
      return "This email already has a Mates account. Log in with your email and password.";
    case "email_not_found":
      return "Google did not share an email address for this account.";
    case "not_configured":
      return "Google sign-in is not set up for Mates yet. Log in with your email and password.";
    default:
      return "Google did not sign you in. Please try again.";
  }
}

/**
 * A mate's invitation (issue 14) is a password link of the reset flow with a longer life; its link
 * carries `invite=1` so the page speaks of choosing a password, not of resetting one.
 */
export const INVITATION = { days: 7, param: "invite" } as const;
