import { and, eq, sql } from "drizzle-orm";
import {
  APPLICATION_RULES,
  type ApplicationDetails,
  DOCUMENT_KIND_LABEL,
  DOCUMENT_KINDS,
  DOCUMENT_TYPES,
  type DocumentKind,
  type DocumentType,
} from "#domain/applications.ts";
import { users } from "#server/auth/schema.ts";
import { nowOf } from "#server/context.ts";
import { OPERATORS_TOPIC } from "#server/events/bus.ts";
import { AppError } from "#server/http/errors.ts";
import { queueMail } from "#server/notifications/deliver.ts";
import { checkCount, checkEach, storeUploads, type UploadRules } from "#server/uploads/uploads.ts";
import type { ApplicationDeps } from "./deps.ts";
import { deleteStored } from "./document-deletion.ts";
import { applicationReceivedMail } from "./mails.ts";
import { applicationDocuments, applications } from "./schema.ts";
import { checkSkills } from "./skills.ts";

/** A file as it arrived: which document it is part of, its name on the sender's machine, its bytes. */
export type UploadedFile = { kind: DocumentKind; name: string; bytes: Uint8Array<ArrayBuffer> };

/** An applicant's documents: a photo or a PDF each, 5 MB at most, 4 in all. */
const DOCUMENT_UPLOADS: UploadRules<DocumentType> = {
  maxCount: APPLICATION_RULES.maxFiles,
  counted: "files in all",
  maxBytes: APPLICATION_RULES.maxFileBytes,
  one: "file",
  types: DOCUMENT_TYPES,
  typesText: "a JPEG, PNG or PDF file",
};

/** Checks the files by their bytes: what each is, its size, how many, and that both documents came. */
export function checkFiles(files: readonly UploadedFile[]): (UploadedFile & { contentType: DocumentType })[] {
  checkCount(files, DOCUMENT_UPLOADS);
  for (const kind of DOCUMENT_KINDS) {
    if (!files.some((file) => file.kind === kind)) {
      throw new AppError(400, "document_missing", `Add your ${DOCUMENT_KIND_LABEL[kind].toLowerCase()}.`);
    }
  }
  return checkEach(files, DOCUMENT_UPLOADS);
}

/** A name safe to keep and show: no control characters, at most 200 characters. */
function cleanName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return clean.slice(-200) || "document";
}

/**
 * Stores an application and its documents (issue 16). The files are written first, under keys made
 * here; the rows in one transaction; if that fails the files are deleted again. One open application
 * per e-mail address, and never the address of a customer's or operator's account (a role is never
 * raised by applying: the mate's sign-in is made when an operator verifies).
 */
export async function submitApplication(
  deps: ApplicationDeps,
  details: ApplicationDetails,
  files: readonly UploadedFile[],
): Promise<{ id: string; receivedAt: string }> {
  const checked = checkFiles(files);
  await checkSkills(deps.db, details.skills);
  const now = nowOf(deps);
  const id = crypto.randomUUID();
  const stored = await storeUploads(deps.store, checked);
  try {
    await deps.db.transaction(async (tx) => {
      // Two sends of one form at once: the second waits here, then finds the first.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`application:${details.email}`}))`);
      const [open] = await tx
        .select({ id: applications.id })
        .from(applications)
        .where(and(sql`lower(${applications.email}) = ${details.email}`, eq(applications.status, "received")));
      if (open) {
        throw new AppError(
          409,
          "application_open",
          "We already have an application from this e-mail address and are checking it. We will write to you with the decision.",
        );
      }
      const [account] = await tx
        .select({ role: users.role })
        .from(users)
        .where(sql`lower(${users.email}) = ${details.email}`);
      if (account && account.role !== "mate") {
        throw new AppError(
          409,
          "email_taken",
          `This e-mail address belongs to a ${account.role} account on Mates. Use another address for your work account.`,
        );
      }
      await tx.insert(applications).values({
        id,
        fullName: details.fullName,
        mobile: details.mobile,
        email: details.email,
        skills: details.skills,
        homeLocality: details.homeLocality.name,
        lat: details.homeLocality.lat,
        lon: details.homeLocality.lon,
        yearsExperience: details.yearsExperience,
        receivedAt: now,
      });
      await tx.insert(applicationDocuments).values(
        stored.map((file) => ({
          id: file.key,
          applicationId: id,
          kind: file.kind,
          contentType: file.contentType,
          sizeBytes: file.bytes.byteLength,
          originalName: cleanName(file.name),
          storageKey: file.key,
          createdAt: now,
        })),
      );
      await queueMail(
        tx,
        `application.received:${id}`,
        "application_received",
        applicationReceivedMail({ to: details.email, name: details.fullName, id }),
        now,
      );
    });
  } catch (error) {
    await deleteStored(
      deps,
      stored.map((file) => file.key),
    );
    throw error;
  }
  await deps.events.publish(OPERATORS_TOPIC, { type: "ops", data: { applicationId: id } });
  deps.queue?.poke();
  return { id, receivedAt: now.toISOString() };
}
