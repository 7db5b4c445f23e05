import type { z } from "zod";
import { apiErrorSchema } from "#domain/api-error.ts";
import { apiFailureText } from "./api-messages.ts";

/**
 * A failed API call. `status` is the HTTP status (0 when the server could not be reached);
 * `code` is the server's error code (`not_found`, …) or one of ours:
 * `network_error`, `invalid_response`, `http_error`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** A 429's Retry-After, in seconds, when the server sent one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, code: string, message: string, retryAfterSeconds?: number) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True for an answer that will not change by asking again (404, 400, …). */
export function isClientError(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

async function request<T>(
  path: string,
  init: { method: string; body?: string | FormData; signal?: AbortSignal | undefined },
  schema: z.ZodType<T>,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method,
      // A FormData body sets its own multipart Content-Type (with its boundary).
      headers:
        typeof init.body === "string"
          ? { Accept: "application/json", "Content-Type": "application/json" }
          : { Accept: "application/json" },
      credentials: "same-origin",
      signal: init.signal ?? null,
      ...(init.body === undefined ? {} : { body: init.body }),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "network_error", await apiFailureText("networkError"));
  }

  const body = await readJson(response);
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(body);
    if (parsed.success) {
      const { code, message } = parsed.data.error;
      throw new ApiError(response.status, code, message, Number(response.headers.get("Retry-After")) || undefined);
    }
    throw new ApiError(response.status, "http_error", await apiFailureText("httpError", { status: response.status }));
  }

  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(response.status, "invalid_response", await apiFailureText("invalidResponse"));
  }
  return parsed.data;
}

/**
 * GET a JSON resource of our API and check it against a schema from `domain`.
 * Throws ApiError for network failures, error bodies and answers of the wrong shape.
 */
export function apiGet<T>(path: string, schema: z.ZodType<T>, init: { signal?: AbortSignal } = {}): Promise<T> {
  return request(path, { method: "GET", signal: init.signal }, schema);
}

/**
 * Send JSON to our API (POST, PATCH, …) and check the answer against a schema. The browser adds
 * the Origin header the server's same-origin check needs; the session cookie goes along.
 * Throws ApiError like apiGet.
 */
export function apiSend<T>(
  method: "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  body: unknown,
  schema: z.ZodType<T>,
  init: { signal?: AbortSignal } = {},
): Promise<T> {
  return request(path, { method, body: JSON.stringify(body ?? {}), signal: init.signal }, schema);
}

/** POST a multipart form (fields and files) to our API and check the answer, like apiSend. */
export function apiUpload<T>(path: string, form: FormData, schema: z.ZodType<T>): Promise<T> {
  return request(path, { method: "POST", body: form }, schema);
}
