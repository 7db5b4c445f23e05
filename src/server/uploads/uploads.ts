import type { DocumentType } from "#domain/applications.ts";
import { AppError } from "#server/http/errors.ts";
import { type DocumentStore, newDocumentKey } from "./document-store.ts";
import { sniffDocumentType } from "./sniff.ts";

/**
 * The checks every upload goes through, an applicant's documents (decision 029) as a customer's
 * re-work photos (decision 035): how many, how large each is, and what each is by its bytes; then
 * the files stored under keys made here.
 */

/** A file as it arrived: its name on the sender's machine and its bytes. */
export type Upload = { name: string; bytes: Uint8Array<ArrayBuffer> };

/** What a form takes, and the words its messages use. */
export type UploadRules<Type extends DocumentType> = {
  /** How many files at most, and how the message counts them ("files in all", "photos"). */
  maxCount: number;
  counted: string;
  /** Each file's largest size, and what the message calls one ("file", "photo"). */
  maxBytes: number;
  one: string;
  /** The types taken by their bytes, and how the message names them ("a JPEG or PNG photo"). */
  types: readonly Type[];
  typesText: string;
};

const MB = 1024 * 1024;

/** Refuses more files than the rules take, before any is looked at. */
export function checkCount(files: readonly Upload[], rules: UploadRules<DocumentType>): void {
  if (files.length > rules.maxCount) {
    throw new AppError(
      400,
      "too_many_files",
      `Send at most ${rules.maxCount} ${rules.counted} (you sent ${files.length}).`,
    );
  }
}

/** Checks each file by its bytes: its size, then its type, which it is given. */
export function checkEach<File extends Upload, Type extends DocumentType>(
  files: readonly File[],
  rules: UploadRules<Type>,
): (File & { contentType: Type })[] {
  return files.map((file) => {
    if (file.bytes.byteLength > rules.maxBytes) {
      throw new AppError(
        413,
        "file_too_large",
        `${file.name} is ${(file.bytes.byteLength / MB).toFixed(1)} MB; each ${rules.one} may be at most ${rules.maxBytes / MB} MB.`,
      );
    }
    const contentType = sniffDocumentType(file.bytes);
    if (!isOneOf(rules.types, contentType)) {
      throw new AppError(415, "unsupported_file", `${file.name} is not ${rules.typesText}.`);
    }
    return { ...file, contentType };
  });
}

/** How many, then each one's size and type. */
export function checkUploads<File extends Upload, Type extends DocumentType>(
  files: readonly File[],
  rules: UploadRules<Type>,
): (File & { contentType: Type })[] {
  checkCount(files, rules);
  return checkEach(files, rules);
}

function isOneOf<Type extends DocumentType>(types: readonly Type[], type: DocumentType | undefined): type is Type {
  return (types as readonly (DocumentType | undefined)[]).includes(type);
}

/** Stores checked files, each under a new key (128 random bits), and gives them with their keys; all or none. */
export async function storeUploads<File extends Upload & { contentType: DocumentType }>(
  store: DocumentStore,
  files: readonly File[],
): Promise<(File & { key: string })[]> {
  const stored = files.map((file) => ({ ...file, key: newDocumentKey() }));
  const puts = await Promise.allSettled(stored.map((file) => store.put(file.key, file.bytes, file.contentType)));
  const failed = puts.find((put) => put.status === "rejected");
  if (failed) {
    // None is kept when one could not be: the caller has nothing to clean up.
    await Promise.all(
      stored
        .filter((_, i) => puts[i]?.status === "fulfilled")
        .map((file) => store.delete(file.key).catch(() => undefined)),
    );
    throw failed.reason;
  }
  return stored;
}
