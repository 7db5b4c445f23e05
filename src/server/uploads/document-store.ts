import { randomBytes } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { AwsClient } from "aws4fetch";
import { z } from "zod";
import type { S3Target, UploadsTarget } from "#server/config.ts";

/**
 * Where applicants' documents live (decision 029): files under DATA_DIR/uploads by default, an
 * S3-compatible bucket with S3_URL. Never under the web root; only the operators' document route
 * reads them. Keys are made here (128 random bits), never from anything a sender wrote.
 */
export interface DocumentStore {
  put(key: string, bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<void>;
  /** The bytes, or undefined when nothing is stored under the key. */
  get(key: string): Promise<Uint8Array<ArrayBuffer> | undefined>;
  /** Deleting a missing key is not an error: deletions are retried by the queue. */
  delete(key: string): Promise<void>;
}

export function newDocumentKey(): string {
  return randomBytes(16).toString("base64url");
}

const KEY = /^[A-Za-z0-9_-]{22}$/;
/** A stored file's key as a path names it (a photo's, say). */
export const documentKeySchema = z.string().regex(KEY, "That is not a photo id.");
function checked(key: string): string {
  if (!KEY.test(key)) throw new Error(`not a document key: ${JSON.stringify(key)}`);
  return key;
}

export function createDocumentStore(target: UploadsTarget): DocumentStore {
  return target.kind === "s3" ? s3Store(target) : fileStore(target.dir);
}

/** One file per document; the folder and files are readable by the server's user only. */
export function fileStore(dir: string): DocumentStore {
  const root = resolve(dir);
  let made: Promise<unknown> | undefined;
  const path = (key: string) => join(root, checked(key));
  return {
    async put(key, bytes) {
      made ??= mkdir(root, { recursive: true, mode: 0o700 });
      await made;
      await writeFile(path(key), bytes, { mode: 0o600, flag: "wx" });
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(path(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(path(key), { force: true });
    },
  };
}

/** Path-style requests (`endpoint/bucket/key`) signed with AWS Signature V4 by aws4fetch. */
export function s3Store(target: S3Target): DocumentStore {
  const client = new AwsClient({
    accessKeyId: target.accessKeyId,
    secretAccessKey: target.secretAccessKey,
    region: target.region,
    service: "s3",
  });
  const url = (key: string) =>
    `${target.endpoint}/${encodeURIComponent(target.bucket)}/applications/${encodeURIComponent(checked(key))}`;
  const failed = async (what: string, response: Response) =>
    new Error(`S3 ${what} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  return {
    async put(key, bytes, contentType) {
      const response = await client.fetch(url(key), {
        method: "PUT",
        body: bytes,
        headers: { "content-type": contentType },
      });
      if (!response.ok) throw await failed("PutObject", response);
      await response.arrayBuffer();
    },
    async get(key) {
      const response = await client.fetch(url(key));
      if (response.status === 404) {
        await response.arrayBuffer();
        return undefined;
      }
      if (!response.ok) throw await failed("GetObject", response);
      return new Uint8Array(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await client.fetch(url(key), { method: "DELETE" });
      // S3 answers 204 whether or not the object existed.
      if (!response.ok && response.status !== 404) throw await failed("DeleteObject", response);
      await response.arrayBuffer();
    },
  };
}
