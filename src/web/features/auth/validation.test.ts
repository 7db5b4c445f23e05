import { describe, expect, it } from "vitest";
import { PASSWORD_MAX, PASSWORD_MIN } from "#domain/user.ts";
import { hasErrors } from "#web/shell/use-field-errors.ts";
import { emailError, loginErrors, mobileError, newPasswordError, signupErrors } from "./validation.ts";

describe("login checks (spec §5: e-mail and password are required)", () => {
  it("asks for both when both are empty", () => {
    expect(loginErrors({ email: "", password: "" })).toEqual({
      email: "Enter your email address",
      password: "Enter your password",
    });
  });

  it("lets any password through: only the server knows whether it is right", () => {
    expect(loginErrors({ email: " priya@example.com ", password: "x" })).toEqual({});
  });

  it("names an address that cannot be one", () => {
    expect(emailError("priya@")).toBe("Enter a valid email address, like name@example.com");
    expect(emailError("   ")).toBe("Enter your email address");
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
    expect(mobileError("12345")).toBe("Enter a 10-digit Indian mobile number");
    expect(mobileError("5820012345")).toBe("Enter a 10-digit Indian mobile number");
    expect(mobileError("09820012345")).toBeUndefined();
  });

  it("holds passwords to the server's length policy", () => {
    expect(newPasswordError("a".repeat(PASSWORD_MIN - 1))).toBe(`Password must be at least ${PASSWORD_MIN} characters`);
    expect(newPasswordError("a".repeat(PASSWORD_MIN))).toBeUndefined();
    expect(newPasswordError("a".repeat(PASSWORD_MAX + 1))).toBe(`Password must be at most ${PASSWORD_MAX} characters`);
  });
});
