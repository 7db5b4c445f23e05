import { describe, expect, it } from "vitest";
import { isSameOriginPath, parsePushPayload } from "./push-payload.ts";

describe("parsePushPayload", () => {
  const payload = { title: "Your mate is on the way", body: "Ravi will be there by 10:30.", tag: "booking-42" };

  it("reads the contract: title, body, url and tag", () => {
    const message = JSON.stringify({ ...payload, url: "/mate-assigning?booking=42" });
    expect(parsePushPayload(message)).toEqual({ ...payload, url: "/mate-assigning?booking=42" });
    expect(parsePushPayload(JSON.stringify({ ...payload, url: "/mate/jobs/7" }))?.url).toBe("/mate/jobs/7");
  });

  it("keeps the words but never a link off the app: such a url becomes home", () => {
    for (const url of [
      "https://evil.example/x",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
      42,
      null,
    ]) {
      expect(parsePushPayload(JSON.stringify({ ...payload, url }))?.url, String(url)).toBe("/");
    }
  });

  it("refuses what is not the contract", () => {
    for (const message of [
      null,
      "",
      "Your mate is on the way",
      "[1,2]",
      "null",
      JSON.stringify({ ...payload, title: "" }),
      JSON.stringify({ ...payload, title: 7 }),
      JSON.stringify({ ...payload, tag: undefined }),
      JSON.stringify({ ...payload, body: undefined }),
    ]) {
      expect(parsePushPayload(message), String(message)).toBeUndefined();
    }
  });

  it("cuts overlong texts and trims spaces", () => {
    const long = parsePushPayload(
      JSON.stringify({ ...payload, title: `  ${"a".repeat(500)}`, body: "b".repeat(1000) }),
    );
    expect(long?.title).toHaveLength(120);
    expect(long?.body).toHaveLength(400);
  });
});

describe("isSameOriginPath", () => {
  it("accepts a path with a query and a hash", () => {
    expect(isSameOriginPath("/mate-assigning?booking=1#chat")).toBe(true);
  });

  it("refuses hosts, schemes, backslashes and spaces", () => {
    for (const url of ["mate/jobs/1", "//x.example", "/\\x.example", "http://x.example/", "/a b", "\t/x"]) {
      expect(isSameOriginPath(url), url).toBe(false);
    }
  });
});
