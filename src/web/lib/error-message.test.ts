import { beforeAll, describe, expect, it } from "vitest";
import { i18n } from "#web/i18n/i18n.ts";
import { ApiError } from "./api-client.ts";
import { errorMessage } from "./error-message.ts";

describe("errorMessage", () => {
  beforeAll(() => i18n.activate("en-IN"));

  it("is the error's own sentence", () => {
    expect(errorMessage(new ApiError(409, "too_late", "Bookings can be cancelled until 3 hours before."))).toBe(
      "Bookings can be cancelled until 3 hours before.",
    );
  });

  it("falls back for anything without a message", () => {
    expect(errorMessage("boom")).toBe("Something went wrong. Please try again.");
    expect(errorMessage(new Error(""))).toBe("Something went wrong. Please try again.");
    expect(errorMessage(undefined, "Please try again.")).toBe("Please try again.");
  });
});
