import { describe, expect, it } from "vitest";
import { PASSWORD_MAX, PASSWORD_MIN } from "#domain/user.ts";
import { hasErrors } from "#web/shell/use-field-errors.ts";
import type { messages as source } from "./messages/en-IN.ts";
import {
  emailError,
  FIELD_LIMITS,
  fullNameError,
  loginErrors,
  mobileError,
  newPasswordError,
  signupErrors,
} from "./validation.ts";

// `?source`: the catalog as written (vite-messages.ts compiles it otherwise).
const en = (
  (await import(`${new URL("./messages/en-IN.ts", import.meta.url).pathname}?source`)) as { messages: typeof source }
).messages;

/** The English a check's message id shows (the placeholders filled as the forms fill them). */
const english = (key: keyof typeof en | undefined) =>
  key === undefined
    ? undefined
    : en[key].message.replace(/\{(\w+)\}/g, (_, name: keyof typeof FIELD_LIMITS) => String(FIELD_LIMITS[name]));

describe("login checks (spec §5: e-mail and password are required)", () => {
  it("asks for both when both are empty", () => {
    const errors = loginErrors({ email: "", password: "" });
    expect(english(errors.email)).toBe("Enter your email address");
    expect(english(errors.password)).toBe("Enter your password");
  });

  it("lets any password through: only the server knows whether it is right", () => {
    expect(loginErrors({ email: " priya@example.com ", password: "x" })).toEqual({});
  });

  it("names an address that cannot be one", () => {
    expect(english(emailError("priya@"))).toBe("Enter a valid email address, like name@example.com");
    expect(english(emailError("   "))).toBe("Enter your email address");
  });
});

describe("sign-up checks (spec §5: all four fields are required)", () => {
  it("asks for every empty field", () => {
    const errors = signupErrors({ fullName: " ", mobile: "", email: "", password: "" });
    expect(Object.keys(errors).sort()).toEqual(["email", "fullName", "mobile", "password"]);
    expect(hasErrors(errors)).toBe(true);
  });

  it("accepts what the server accepts", () => {
    const errors = signupErrors({
      fullName: "Priya Sharma",
      mobile: "+91 98200-12345",
      email: "priya@example.com",
      password: "chai-and-rain",
    });
    expect(errors).toEqual({});
    expect(hasErrors(errors)).toBe(false);
  });

  it("uses the server's mobile rule (domain/user.ts)", () => {
    expect(english(mobileError("12345"))).toBe("Enter a 10-digit Indian mobile number");
    expect(english(mobileError("5820012345"))).toBe("Enter a 10-digit Indian mobile number");
    expect(mobileError("09820012345")).toBeUndefined();
  });

  it("holds passwords to the server's length policy", () => {
    expect(english(newPasswordError("a".repeat(PASSWORD_MIN - 1)))).toBe(
      `Password must be at least ${PASSWORD_MIN} characters`,
    );
    expect(newPasswordError("a".repeat(PASSWORD_MIN))).toBeUndefined();
    expect(english(newPasswordError("a".repeat(PASSWORD_MAX + 1)))).toBe(
      `Password must be at most ${PASSWORD_MAX} characters`,
    );
  });
});

describe("name checks say which of the server's rules failed (domain/user.ts fullNameSchema)", () => {
  it("names an empty name and a long one", () => {
    expect(english(fullNameError("  "))).toBe("Enter your full name");
    expect(english(fullNameError("a".repeat(81)))).toBe("A name can be at most 80 characters");
    expect(fullNameError("Priya Sharma")).toBeUndefined();
  });
});
