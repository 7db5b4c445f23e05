import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Logger } from "pino";
import type { z } from "zod";
import type { ApiErrorBody } from "#domain/api-error.ts";
import { PHONE_SIGN_IN_ERRORS } from "#domain/phone-sign-in.ts";

/** An error a client caused or may see: a status, a stable code and a human sentence. */
export class AppError extends Error {
  override name = "AppError";
  readonly status: ContentfulStatusCode;
  readonly code: string;

  constructor(status: ContentfulStatusCode, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export const notFound = (message: string) => new AppError(404, "not_found", message);
export const badRequest = (message: string, code = "invalid_input") => new AppError(400, code, message);

export function errorBody(code: string, message: string): ApiErrorBody {
  return { error: { code, message } };
}

/** Parses input with a zod schema; a failure becomes a 400 that names the field and what is wrong. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? `${issue.path.join(".")}: ` : "";
  throw badRequest(`${field}${issue?.message ?? "invalid input"}`);
}

/** PGlite names the violated constraint `constraint`, postgres.js `constraint_name`. */
type DriverError = { code?: string; constraint?: string; constraint_name?: string };
/** The driver's error, bare or as drizzle's wrapper carries it (its `cause`). */
function driverErrorOf(error: unknown): DriverError {
  const bare = (error ?? {}) as DriverError & { cause?: DriverError };
  return bare.code ? bare : (bare.cause ?? {});
}

/** A deadlock (40P01) or a serialisation failure (40001), as the driver or drizzle's wrapper reports it. */
export function isConflictOfTransactions(error: unknown): boolean {
  const { code } = driverErrorOf(error);
  return code === "40P01" || code === "40001";
}

/** The 409 of a number another account signs in with (one number, one account). */
export const phoneNumberTaken = () => new AppError(409, "phone_number_taken", PHONE_SIGN_IN_ERRORS.phone_number_taken);

/**
 * A write of a sign-in number another write took at the same moment: the unique index on
 * users.phone_number (migration 0021) refused it (23505) after the check before it found it free.
 */
export function isPhoneNumberTaken(error: unknown): boolean {
  const { code, constraint, constraint_name } = driverErrorOf(error);
  return code === "23505" && (constraint ?? constraint_name) === "users_phone_number_key";
}

/** The one error handler: AppErrors become their JSON body; anything else is logged and a plain 500. */
export function errorHandler(logger: Logger) {
  return (error: Error, c: Context) => {
    if (error instanceof AppError) {
      return c.json(errorBody(error.code, error.message), error.status);
    }
    if (error instanceof SyntaxError && /JSON/i.test(error.message)) {
      return c.json(errorBody("invalid_json", "The request body is not valid JSON."), 400);
    }
    if (isPhoneNumberTaken(error)) {
      const taken = phoneNumberTaken();
      return c.json(errorBody(taken.code, taken.message), taken.status);
    }
    // Two transactions taking the same rows in opposite order: PostgreSQL ended this one, which
    // changed nothing, so the person may simply try again.
    if (isConflictOfTransactions(error)) {
      return c.json(
        errorBody(
          "changed_meanwhile",
          "Someone else changed this at the same moment. Nothing was changed; please try again.",
        ),
        409,
      );
    }
    logger.error({ err: error, reqId: c.get("requestId" as never) }, "unhandled error");
    return c.json(errorBody("internal", "Something went wrong on our side. Please try again."), 500);
  };
}

/**
 * A request body that may be left out altogether (every field optional): none reads as `{}`;
 * one that is there must be JSON (a 400 `invalid_json` otherwise, from the error handler).
 */
export async function optionalJson(request: { text(): Promise<string> }): Promise<unknown> {
  const text = await request.text();
  return text.trim() === "" ? {} : JSON.parse(text);
}
