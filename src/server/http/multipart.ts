import type { Context } from "hono";
import { badRequest } from "./errors.ts";

/** A file part as it arrived: its form field, its name on the sender's machine, its bytes. */
export type FilePart<Field extends string> = { field: Field; name: string; bytes: Uint8Array<ArrayBuffer> };

/**
 * A multipart form of a JSON part `details` and files under the given fields, refused with a 400
 * when it is not one. `what` names the form in the messages ("the application").
 */
export async function readDetailsAndFiles<Field extends string>(
  c: Context,
  what: string,
  fields: readonly Field[],
): Promise<{ details: unknown; files: FilePart<Field>[] }> {
  if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    throw badRequest(`Send ${what} as multipart/form-data: a details part and the files.`);
  }
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw badRequest("The form could not be read. Please send it again.");
  }
  const raw = form.details;
  if (typeof raw !== "string") throw badRequest(`details: ${what}'s fields are missing.`);
  let details: unknown;
  try {
    details = JSON.parse(raw);
  } catch {
    throw badRequest(`details: ${what}'s fields are not JSON.`);
  }
  const files: FilePart<Field>[] = [];
  for (const field of fields) {
    for (const part of [form[field] ?? []].flat()) {
      if (typeof part === "string") throw badRequest(`${field}: send it as a file.`);
      files.push({ field, name: part.name, bytes: new Uint8Array(await part.arrayBuffer()) });
    }
  }
  return { details, files };
}
