import type { TestApp } from "./test-app.ts";

let counter = 0;

export type TestCustomer = {
  id: string;
  email: string;
  /** The session cookie, ready for a `cookie` header. */
  cookie: string;
  /** A request to the app as this customer (JSON body, the app's Origin, the session cookie). */
  request: (path: string, init?: RequestInit) => Promise<Response>;
};

/**
 * A new customer signed up through the product's own sign-up endpoint, and signed in. Every test
 * makes its own; nobody shares an account.
 */
export async function signUpCustomer(t: TestApp, name = "Rohan Mehta"): Promise<TestCustomer> {
  const email = `customer.${Date.now()}.${++counter}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const response = await t.request("/api/auth/sign-up/email", {
    method: "POST",
    body: JSON.stringify({ name, email, password: "vada-pav-2026", mobile: "9820012345" }),
  });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  return signedIn(t, body.user.id, email, response);
}

/** The account a sign-up or sign-in answer signed in: its session cookie, and requests made with it. */
export function signedIn(t: TestApp, id: string, email: string, response: Response): TestCustomer {
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("mates.session_token="))
    ?.split(";")[0];
  if (!cookie) throw new Error(`no session cookie was set (${response.status})`);
  return {
    id,
    email,
    cookie,
    request: (path, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set("cookie", cookie);
      return Promise.resolve(t.request(path, { ...init, headers }));
    },
  };
}
