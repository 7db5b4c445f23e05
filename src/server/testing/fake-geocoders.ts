import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * One local HTTP server standing in for Google Geocoding (/maps/api/geocode/json) and Nominatim
 * (/nominatim/reverse, /nominatim/search), answering the documented shapes from the fixtures.
 * Each test sets what they answer and reads what they were asked.
 */
export type FakeAnswer = { status: number; body: unknown } | "hang";
export type Handler = (url: URL) => FakeAnswer;

export const geoFixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../geo/fixtures/${name}.json`, import.meta.url), "utf8"));

export async function startFakeGeocoders() {
  const requests: { url: URL; headers: IncomingHttpHeaders }[] = [];
  const handlers: { google: Handler; reverse: Handler; search: Handler } = {
    google: () => ({ status: 200, body: geoFixture("google-reverse-zero-results") }),
    reverse: () => ({ status: 200, body: geoFixture("nominatim-reverse-unable-to-geocode") }),
    search: () => ({ status: 200, body: [] }),
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    requests.push({ url, headers: request.headers });
    const handler = url.pathname.startsWith("/maps/api/geocode/json")
      ? handlers.google
      : url.pathname === "/nominatim/reverse"
        ? handlers.reverse
        : url.pathname === "/nominatim/search"
          ? handlers.search
          : () => ({ status: 404, body: { error: "no such path" } });
    const answer = handler(url);
    if (answer === "hang") return; // never answers: the client's timeout must save it
    response.writeHead(answer.status, { "content-type": "application/json" });
    response.end(typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body));
  });
  // Idle keep-alive sockets stay open until close(): with Node's 5 s timeout, a request sent after a
  // long pause (a slow beforeAll) could meet a socket the stand-in was closing (ECONNRESET).
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    googleUrl: `${base}/maps/api/geocode/json`,
    nominatimUrl: `${base}/nominatim`,
    handlers,
    requests,
    asked: (path: string) => requests.filter((r) => r.url.pathname.endsWith(path)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
