import { BRAND } from "#domain/constants.ts";
import { APP_ICONS } from "#domain/installable-app.ts";
import { isSameOriginPath, parsePushPayload } from "#domain/push-payload.ts";

/**
 * The notification a push message shows (decision 037). A payload that follows the contract
 * (`#domain/push-payload.ts`) shows its title and body, and its click opens its URL. Anything else
 * shows a generic notice, never the message's own text (it could be anything: a half-built
 * payload, an error's words), whose click opens the home page: Chromium requires every push to show
 * a notification (`userVisibleOnly`), so ignoring it would earn the site's generic "updated in the
 * background" notice instead.
 */
export const GENERIC_NOTICE = {
  title: BRAND,
  body: "There is news about your bookings. Open Mates to see it.",
  tag: "mates-update",
};

export type NotificationToShow = { title: string; options: NotificationOptions & { data: { url: string } } };

export function notificationFor(message: string | null | undefined): NotificationToShow {
  const payload = parsePushPayload(message);
  const { title, body, tag, url } = payload ?? { ...GENERIC_NOTICE, url: "/" };
  return {
    title,
    options: { body, tag, icon: APP_ICONS.any192, badge: APP_ICONS.badge96, data: { url } },
  };
}

/** Where a clicked notification leads: its URL if that is a same-origin path, else home. */
export function notificationTarget(data: unknown): string {
  const url = typeof data === "object" && data !== null ? (data as { url?: unknown }).url : undefined;
  return isSameOriginPath(url) ? url : "/";
}

/** An open window of the app, as the worker sees it (`WindowClient`): its URL and whether it has focus. */
export type OpenWindow = { url: string; focused: boolean };

/**
 * What a notification's click does with the app's open windows: focus the one already showing the
 * target; otherwise focus the one with focus, or else the first listed (`clients.matchAll` lists
 * the most recently focused first), and take it to the target; with no window, open one.
 */
export function chooseWindow(
  target: string,
  windows: readonly OpenWindow[],
  origin: string,
): { kind: "focus"; index: number; navigate: boolean } | { kind: "open"; url: string } {
  const wanted = new URL(target, origin).href;
  const showing = windows.findIndex((window) => stripHash(window.url) === stripHash(wanted));
  if (showing >= 0) return { kind: "focus", index: showing, navigate: false };
  if (windows.length === 0) return { kind: "open", url: target };
  const focused = windows.findIndex((window) => window.focused);
  return { kind: "focus", index: focused >= 0 ? focused : 0, navigate: true };
}

const stripHash = (url: string) => url.split("#")[0];
