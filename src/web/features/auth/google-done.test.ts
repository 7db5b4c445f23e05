import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GOOGLE_SIGN_IN } from "#domain/auth.ts";

describe("public/auth/google-done.html", () => {
  const html = readFileSync(new URL("../../public/auth/google-done.html", import.meta.url), "utf8");

  it("repeats the message type and channel name of GOOGLE_SIGN_IN (it cannot import them)", () => {
    expect(html).toContain(`type: "${GOOGLE_SIGN_IN.messageType}"`);
    expect(html).toContain(`new BroadcastChannel("${GOOGLE_SIGN_IN.channel}")`);
    expect(GOOGLE_SIGN_IN.donePath).toBe("/auth/google-done.html");
  });

  it("posts to its opener on its own origin only", () => {
    expect(html).toContain("window.opener.postMessage(message, window.location.origin)");
  });
});
