import { describe, expect, it } from "vitest";
import { APP_ICONS } from "#domain/installable-app.ts";
import { chooseWindow, GENERIC_NOTICE, notificationFor, notificationTarget } from "./notification.ts";

const origin = "https://mates.example";

describe("notificationFor", () => {
  it("shows the payload's title and body, tagged, with the app's icon and badge, and its URL to open", () => {
    const message = JSON.stringify({
      title: "Booking confirmed",
      body: "Deep cleaning on Friday at 10:00.",
      url: "/mate-assigning?booking=12",
      tag: "booking-12",
    });
    expect(notificationFor(message)).toEqual({
      title: "Booking confirmed",
      options: {
        body: "Deep cleaning on Friday at 10:00.",
        tag: "booking-12",
        icon: APP_ICONS.any192,
        badge: APP_ICONS.badge96,
        data: { url: "/mate-assigning?booking=12" },
      },
    });
  });

  it("shows a generic notice, never the message's own text, for anything else", () => {
    for (const message of [undefined, null, "", "<script>x</script>", '{"title":"half"}']) {
      const shown = notificationFor(message);
      expect(shown.title, String(message)).toBe(GENERIC_NOTICE.title);
      expect(shown.options.body, String(message)).toBe(GENERIC_NOTICE.body);
      expect(shown.options.tag).toBe(GENERIC_NOTICE.tag);
      expect(shown.options.data.url).toBe("/");
    }
  });
});

describe("notificationTarget", () => {
  it("opens the notification's same-origin path, and home for anything else", () => {
    expect(notificationTarget({ url: "/mate/jobs/4" })).toBe("/mate/jobs/4");
    for (const data of [undefined, null, "x", {}, { url: "https://evil.example/" }, { url: "//evil.example" }]) {
      expect(notificationTarget(data), JSON.stringify(data)).toBe("/");
    }
  });
});

describe("chooseWindow: where a click on a notification lands", () => {
  const target = "/mate-assigning?booking=12";

  it("opens a window when none of the app is open", () => {
    expect(chooseWindow(target, [], origin)).toEqual({ kind: "open", url: target });
  });

  it("focuses the window already showing the booking, without reloading it", () => {
    const windows = [
      { url: `${origin}/`, focused: true },
      { url: `${origin}${target}#chat`, focused: false },
    ];
    expect(chooseWindow(target, windows, origin)).toEqual({ kind: "focus", index: 1, navigate: false });
  });

  it("otherwise takes the focused window there, or else the most recently focused (listed first)", () => {
    const windows = [
      { url: `${origin}/cart`, focused: false },
      { url: `${origin}/about`, focused: true },
    ];
    expect(chooseWindow(target, windows, origin)).toEqual({ kind: "focus", index: 1, navigate: true });
    const unfocused = windows.map((window) => ({ ...window, focused: false }));
    expect(chooseWindow(target, unfocused, origin)).toEqual({ kind: "focus", index: 0, navigate: true });
  });

  it("does not take another booking's page for this one", () => {
    const windows = [{ url: `${origin}/mate-assigning?booking=1`, focused: true }];
    expect(chooseWindow(target, windows, origin)).toEqual({ kind: "focus", index: 0, navigate: true });
  });
});
