import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createLogger } from "#server/logger.ts";
import { AppError, errorHandler } from "./errors.ts";

/** The one error handler's answers, for errors thrown by a route as the database and our code throw them. */
function appThrowing(error: unknown) {
  const app = new Hono();
  app.onError(errorHandler(createLogger("silent")));
  app.get("/", () => {
    throw error;
  });
  return app;
}

async function answer(error: unknown) {
  const response = await appThrowing(error).request("/");
  return { status: response.status, body: (await response.json()) as { error: { code: string; message: string } } };
}

describe("the error handler", () => {
  it("answers an AppError with its status and JSON body", async () => {
    expect(await answer(new AppError(409, "case_status", "Already resolved."))).toEqual({
      status: 409,
      body: { error: { code: "case_status", message: "Already resolved." } },
    });
  });

  it("answers a deadlock or serialisation failure, bare or wrapped, with a 409 to try again", async () => {
    const deadlock = Object.assign(new Error("deadlock detected"), { code: "40P01" });
    const wrapped = Object.assign(new Error("Failed query"), { cause: { code: "40001" } });
    for (const error of [deadlock, wrapped]) {
      const { status, body } = await answer(error);
      expect(status).toBe(409);
      expect(body.error.code).toBe("changed_meanwhile");
    }
  });

  it("answers anything else with a plain 500 that says nothing of the cause", async () => {
    expect(await answer(new Error("relation does not exist"))).toEqual({
      status: 500,
      body: { error: { code: "internal", message: "Something went wrong on our side. Please try again." } },
    });
  });
});
