import { describe, expect, it } from "vitest";
import { GOOGLE_SIGN_IN, googleErrorMessage, googleSignInMessageSchema, userInfoSchema } from "./auth.ts";

describe("Google sign-in reports", () => {
  it("turns the window's error codes into sentences for 'Google login failed: {message}'", () => {
    expect(googleErrorMessage("access_denied")).toBe("You cancelled Google sign-in.");
    expect(googleErrorMessage("invalid_code")).toBe("Google did not sign you in. Please try again.");
    expect(googleErrorMessage(null)).toBe("Google did not sign you in. Please try again.");
  });

  it("reads what google-done.html posts, and nothing else", () => {
    expect(
      googleSignInMessageSchema.safeParse({ type: GOOGLE_SIGN_IN.messageType, ok: true, error: null }).success,
    ).toBe(true);
    expect(
      googleSignInMessageSchema.safeParse({ type: GOOGLE_SIGN_IN.messageType, ok: false, error: "access_denied" })
        .success,
    ).toBe(true);
    expect(googleSignInMessageSchema.safeParse({ type: "other", ok: true }).success).toBe(false);
    expect(googleSignInMessageSchema.safeParse("mates:google-sign-in").success).toBe(false);
  });
});

describe("userInfo (spec §3)", () => {
  it("holds email, plus uid and name after sign-up", () => {
    expect(userInfoSchema.parse({ email: "a@b.in" })).toEqual({ email: "a@b.in" });
    expect(userInfoSchema.parse({ email: "a@b.in", uid: "A202611", name: "A" })).toEqual({
      email: "a@b.in",
      uid: "A202611",
      name: "A",
    });
    expect(userInfoSchema.safeParse({ uid: "x" }).success).toBe(false);
  });
});
