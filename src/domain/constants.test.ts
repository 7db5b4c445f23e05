import { describe, expect, it } from "vitest";
import { MESSAGES } from "./constants.ts";

describe("the welcome toast's text", () => {
  it("is the spec's, with the person's name", () => {
    expect(MESSAGES.welcomeBack("Asha Patil")).toBe("Welcome back, Asha Patil!");
  });

  it("greets someone with no name yet without one, never with a name made up", () => {
    expect(MESSAGES.welcomeBack("")).toBe("Welcome back!");
    expect(MESSAGES.welcomeBack("  ")).toBe("Welcome back!");
  });
});
