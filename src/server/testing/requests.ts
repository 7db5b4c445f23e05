import { apiErrorSchema } from "#domain/api-error.ts";

/** The init of a JSON POST, for `TestApp.request` and a signed-in client's `request`. */
export const post = (body: unknown = {}, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  body: JSON.stringify(body),
  headers,
});

/** The `{ code, message }` of an error answer, checked against the one error shape. */
export const errorOf = async (response: Response) => apiErrorSchema.parse(await response.json()).error;
