import { describe, expect, it } from "vitest";
import { redactPath } from "./request-log.ts";

describe("redactPath", () => {
  it("keeps secrets in paths out of the logs", () => {
    expect(redactPath("/api/auth/reset-password/abc123")).toBe("/api/auth/reset-password/[redacted]");
    expect(redactPath("/api/services/plumber")).toBe("/api/services/plumber");
  });
});
