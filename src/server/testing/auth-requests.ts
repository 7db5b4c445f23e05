import type { TestApp } from "./test-app.ts";

// Requests to Better Auth's e-mail sign-up and sign-in, and what they answer, for the auth tests.

let counter = 0;
/** An e-mail address no other test uses. */
export const uniqueEmail = (name: string) => `${name}.${Date.now()}.${++counter}@example.com`;

export async function signUp(t: TestApp, body: Record<string, unknown>) {
  return t.request("/api/auth/sign-up/email", { method: "POST", body: JSON.stringify(body) });
}
export async function signIn(t: TestApp, email: string, password: string) {
  return t.request("/api/auth/sign-in/email", { method: "POST", body: JSON.stringify({ email, password }) });
}
export const sessionCookie = (response: Response) => {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("mates.session_token="));
  if (!cookie) throw new Error(`no session cookie (status ${response.status})`);
  return cookie.split(";")[0] as string;
};
