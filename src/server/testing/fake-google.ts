import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/**
 * A local OpenID Connect provider playing Google (oidc-provider, the certified implementation), with
 * its development login and consent pages: any login name signs in as the account of that name.
 */
export type FakeGoogleAccount = { name?: string; email: string; picture?: string };

export async function startFakeGoogle(options: {
  redirectUri: string;
  accounts: Record<string, FakeGoogleAccount>;
  /** Where to listen; any free port when left out. */
  port?: number;
}) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const client = { clientId: "mates-test-client", clientSecret: "mates-test-client-secret-0123456789" };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture"] },
    pkce: { required: () => true },
    cookies: { keys: ["fake-google-cookie-key-0123456789"] },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx, id) => {
      const account = options.accounts[id];
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: account.email,
          email_verified: true,
          ...(account.name !== undefined ? { name: account.name } : {}),
          ...(account.picture !== undefined ? { picture: account.picture } : {}),
        }),
      };
    },
  });
  provider.on("server_error", () => {});
  server.on("request", provider.callback());

  return {
    issuer,
    ...client,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Jar = Map<string, string>;

function remember(jar: Jar, response: Response) {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(";");
    const eq = pair?.indexOf("=") ?? -1;
    if (pair && eq > 0) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
}

const cookieHeader = (jar: Jar) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

/**
 * Walks the provider's login and consent pages as a browser would, from the authorization URL to the
 * redirect back to the app; returns that redirect URL (the app's callback with code and state).
 */
export async function completeGoogleLogin(authorizationUrl: string, login: string): Promise<string> {
  const jar: Jar = new Map();
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    const response = await fetch(url, {
      method: body ? "POST" : "GET",
      redirect: "manual",
      headers: { cookie: cookieHeader(jar), ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      ...(body ? { body } : {}),
    });
    remember(jar, response);
    body = undefined;
    const location = response.headers.get("location");
    if (location) {
      const next = new URL(location, url).toString();
      if (!next.startsWith(new URL(authorizationUrl).origin)) return next;
      url = next;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`the provider's page at ${url} has no form (status ${response.status})`);
    url = new URL(action.replace(/&amp;/g, "&"), url).toString();
    body = html.includes('name="login"')
      ? new URLSearchParams({ prompt: "login", login, password: "any" })
      : new URLSearchParams({ prompt: "consent" });
  }
  throw new Error("the provider's login did not finish in 20 steps");
}
