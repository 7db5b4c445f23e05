/**
 * The push message the server sends a customer's or a mate's browser (issue 19, decision 037): JSON
 * text `{ title, body, url, tag }`. `url` is a path on the app's own origin: the booking
 * (`/mate-assigning?booking=<id>`) for a customer, the job (`/mate/jobs/<id>`) for a mate. `tag`
 * names the booking's or job's thread of notifications, so a newer step replaces the older one.
 * The server builds it; the service worker (src/web/service-worker/sw.ts) reads it with
 * parsePushPayload and shows it.
 */
export type PushPayload = { title: string; body: string; url: string; tag: string };

/** Longest texts kept from a payload: longer ones are cut (a notification shows a line or two). */
const MAX_TITLE = 120;
const MAX_BODY = 400;
const MAX_TAG = 120;

/**
 * Whether a URL is a path on the app's own origin: one leading slash, no scheme, no host. A
 * notification only ever opens such a path (never another site, whatever a payload says).
 */
export function isSameOriginPath(url: unknown): url is string {
  if (typeof url !== "string" || !url.startsWith("/") || url.startsWith("//") || /[\\\s]/.test(url)) return false;
  try {
    const base = "https://app.invalid";
    return new URL(url, base).origin === base;
  } catch {
    return false;
  }
}

const text = (value: unknown, max: number) =>
  typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, max) : undefined;

/**
 * The payload from a push message's text. What does not follow the contract gives undefined (the
 * service worker then shows a generic notice); a `url` that is not a same-origin path becomes "/"
 * (the title and body are still worth showing, the link is not worth following).
 */
export function parsePushPayload(message: string | null | undefined): PushPayload | undefined {
  if (!message) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(message);
  } catch {
    return undefined;
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return undefined;
  const fields = data as Record<string, unknown>;
  const title = text(fields.title, MAX_TITLE);
  const tag = text(fields.tag, MAX_TAG);
  if (!title || !tag || typeof fields.body !== "string") return undefined;
  return {
    title,
    body: fields.body.trim().slice(0, MAX_BODY),
    url: isSameOriginPath(fields.url) ? fields.url : "/",
    tag,
  };
}
