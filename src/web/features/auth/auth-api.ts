import { z } from "zod";
import { type AuthOptions, authOptionsSchema, GOOGLE_SIGN_IN, socialSignInResponseSchema } from "#domain/auth.ts";
import { type MeResponse, meResponseSchema } from "#domain/user.ts";
import { apiGet, apiSend, isApiError } from "#web/lib/api-client.ts";

/**
 * The accounts API (src/server/auth/routes.ts), one function per call. Errors are ApiError with the
 * server's human `message`, which the popup shows after "Login failed: " and the like.
 */

/** Better Auth's answers to sign-in and sign-up carry more than we use; the session is the cookie. */
const acceptedSchema = z.unknown();

/** Better Auth's GET /api/auth/get-session: 200 with `null` when nobody is signed in. */
const sessionProbeSchema = z
  .object({ session: z.object({}).loose() })
  .loose()
  .nullable();

/**
 * The signed-in customer and a fresh authToken, or null without a session. The server is asked
 * first whether there is a session at all (answered 200 either way), and only then for GET
 * /api/me: a visitor's page load then makes no failing request, which browsers log as errors.
 * The probe skips the session cache (record 026): the app's own view of who is signed in always
 * comes from the database, and a revoked session's cookies are cleared by that answer.
 */
export async function fetchMe(signal?: AbortSignal): Promise<MeResponse | null> {
  const init = signal ? { signal } : {};
  const session = await apiGet("/api/auth/get-session?disableCookieCache=true", sessionProbeSchema, init);
  if (!session) return null;
  try {
    return await apiGet("/api/me", meResponseSchema, init);
  } catch (error) {
    // The session ended between the two answers.
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

/** PATCH /api/me with the fields that change. */
export function updateMe(changes: { fullName?: string; mobile?: string }): Promise<MeResponse> {
  return apiSend("PATCH", "/api/me", changes, meResponseSchema);
}

export async function signInWithEmail(input: { email: string; password: string }): Promise<void> {
  await apiSend("POST", "/api/auth/sign-in/email", input, acceptedSchema);
}

export async function signUpWithEmail(input: {
  name: string;
  email: string;
  password: string;
  mobile: string;
}): Promise<void> {
  await apiSend("POST", "/api/auth/sign-up/email", input, acceptedSchema);
}

/** Always answers 200 for a well-formed address, whether or not it has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiSend("POST", "/api/auth/request-password-reset", { email }, acceptedSchema);
}

export async function resetPassword(input: { token: string; newPassword: string }): Promise<void> {
  await apiSend("POST", "/api/auth/reset-password", input, acceptedSchema);
}

/** An invitation's first password, with the name the person gives (issue 36). */
export async function acceptInvitation(input: { token: string; newPassword: string; name: string }): Promise<void> {
  await apiSend("POST", "/api/invitations/accept", input, acceptedSchema);
}

/** Ends the session on the server (the cookie goes with it). */
export async function signOut(): Promise<void> {
  await apiSend("POST", "/api/auth/sign-out", {}, acceptedSchema);
}

export function fetchAuthOptions(signal?: AbortSignal): Promise<AuthOptions> {
  return apiGet("/api/auth-options", authOptionsSchema, signal ? { signal } : {});
}

/** Starts Google's authorization-code flow; answers the provider URL for the Google window. */
export async function startGoogleSignIn(): Promise<string> {
  const { url } = await apiSend(
    "POST",
    "/api/auth/sign-in/social",
    { provider: "google", callbackURL: GOOGLE_SIGN_IN.donePath, errorCallbackURL: GOOGLE_SIGN_IN.donePath },
    socialSignInResponseSchema,
  );
  return url;
}
