import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Logger } from "pino";
import {
  APPLICATION_RULES,
  type ApplicationDetail,
  type ApplicationDetails,
  type ApplicationStatus,
  type ApplicationSummary,
  DOCUMENT_KIND_LABEL,
  DOCUMENT_KINDS,
  DOCUMENT_TYPES,
  type DocumentKind,
  type DocumentType,
  type VerificationChecklist,
} from "#domain/applications.ts";
import type { WeeklyHours } from "#domain/availability.ts";
import { InvitationError, inviteMateIn, mateInvitationMailFor } from "#server/auth/invitations.ts";
import { users } from "#server/auth/schema.ts";
import { services } from "#server/catalogue/schema.ts";
import type { Database, Tx } from "#server/db/client.ts";
import { type EventBus, OPERATORS_TOPIC } from "#server/events/bus.ts";
import { AppError } from "#server/http/errors.ts";
import { mates } from "#server/mates/schema.ts";
import { queueMail } from "#server/notifications/notify.ts";
import { recordAudit } from "#server/ops/audit.ts";
import { schedule } from "#server/queue/queue.ts";
import type { DocumentStore } from "#server/uploads/document-store.ts";
import { checkCount, checkEach, storeUploads, type UploadRules } from "#server/uploads/uploads.ts";
import { applicationReceivedMail, applicationRejectedMail } from "./mails.ts";
import { applicationDocuments, applications } from "./schema.ts";

export type ApplicationDeps = {
  db: Database;
  store: DocumentStore;
  /** The durable queue's worker: poked once a change that queued a mail commits. */
  queue?: { poke(): void };
  logger: Logger;
  appOrigin: string;
  events: EventBus;
  now?: () => Date;
};

/** A file as it arrived: which document it is part of, its name on the sender's machine, its bytes. */
export type UploadedFile = { kind: DocumentKind; name: string; bytes: Uint8Array<ArrayBuffer> };

/** The queued work that deletes an application's documents (on rejection at once, else 90 days on). */
export const DELETE_DOCUMENTS = "applications.deleteDocuments";

const DAY_MS = 86_400_000;
const nowOf = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();

/** A new mate's hours until they set their own in the mate app: Monday to Saturday, 9:00 AM to 6:00 PM. */
export const NEW_MATE_HOURS: WeeklyHours = [
  null,
  ...Array.from({ length: 6 }, () => ({ from: 9 * 60, until: 18 * 60 })),
];

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

async function checkSkills(db: Pick<Database, "select">, skills: readonly string[]): Promise<void> {
  const known = new Set(
    (
      await db
        .select({ name: services.name })
        .from(services)
        .where(inArray(services.name, [...skills]))
    ).map((row) => row.name),
  );
  const unknown = skills.find((skill) => !known.has(skill));
  if (unknown) throw new AppError(400, "unknown_skill", `${unknown} is not a service of Mates.`);
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

async function deleteStored(deps: Pick<ApplicationDeps, "store" | "logger">, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    await deps.store.delete(key).catch((error: unknown) => {
      deps.logger.error({ err: error }, "could not delete an applicant's document; the queue will try again");
    });
  }
}

type ApplicationRow = typeof applications.$inferSelect;

function summaryOf(row: ApplicationRow): ApplicationSummary {
  return {
    id: row.id,
    fullName: row.fullName,
    skills: row.skills,
    homeLocality: row.homeLocality,
    yearsExperience: row.yearsExperience,
    status: row.status as ApplicationStatus,
    receivedAt: row.receivedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** The queue (oldest first, so nobody waits longest), or the decided ones (newest first); 100 at most. */
export async function listApplications(db: Database, status: ApplicationStatus): Promise<ApplicationSummary[]> {
  const rows = await db
    .select()
    .from(applications)
    .where(eq(applications.status, status))
    .orderBy(status === "received" ? asc(applications.receivedAt) : desc(applications.decidedAt))
    .limit(100);
  return rows.map(summaryOf);
}

const notFound = () => new AppError(404, "not_found", "There is no such application.");

export async function applicationDetail(db: Pick<Database, "select">, id: string): Promise<ApplicationDetail> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id));
  if (!row) throw notFound();
  const documents = await db
    .select()
    .from(applicationDocuments)
    .where(eq(applicationDocuments.applicationId, id))
    .orderBy(asc(applicationDocuments.kind), asc(applicationDocuments.createdAt));
  // An operator who has not given their name yet (issue 36) is known by their address.
  const [decider] = row.decidedBy
    ? await db
        .select({ id: users.id, name: sql<string>`coalesce(nullif(${users.name}, ''), ${users.email})` })
        .from(users)
        .where(eq(users.id, row.decidedBy))
    : [];
  return {
    ...summaryOf(row),
    mobile: row.mobile,
    email: row.email,
    lat: row.lat,
    lon: row.lon,
    documents: documents.map((doc) => ({
      id: doc.id,
      kind: doc.kind as DocumentKind,
      contentType: doc.contentType as DocumentType,
      sizeBytes: doc.sizeBytes,
      originalName: doc.originalName,
      url: `/api/ops/applications/${row.id}/documents/${doc.id}`,
    })),
    documentsDeletedAt: row.documentsDeletedAt?.toISOString() ?? null,
    decidedBy: decider ?? null,
    checklist: row.checklist ?? null,
    rejectReason: row.rejectReason,
    mateId: row.mateId,
  };
}

/** A document's bytes for an operator; 404 for another application's document or a deleted one. */
export async function applicationDocument(deps: ApplicationDeps, applicationId: string, documentId: string) {
  const [doc] = await deps.db
    .select()
    .from(applicationDocuments)
    .where(and(eq(applicationDocuments.id, documentId), eq(applicationDocuments.applicationId, applicationId)));
  const bytes = doc ? await deps.store.get(doc.storageKey) : undefined;
  if (!doc || !bytes) throw new AppError(404, "not_found", "There is no such document.");
  return { bytes, contentType: doc.contentType, name: doc.originalName };
}

async function lockReceived(tx: Tx, id: string): Promise<ApplicationRow> {
  const [row] = await tx.select().from(applications).where(eq(applications.id, id)).for("update");
  if (!row) throw notFound();
  if (row.status !== "received") {
    throw new AppError(409, "already_decided", `This application was already ${row.status}.`);
  }
  return row;
}

/** "9876543210" → "+91 98765 43210", as mates' numbers are shown. */
function phoneOf(mobile: string): string {
  return `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`;
}

/** The next mate id after the highest (mate-001, …); callers hold the lock that makes it unique. */
async function nextMateId(tx: Tx): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('mates.next_id'))`);
  const [row] = await tx
    .select({ n: sql<number | null>`max(substring(${mates.id} from '^mate-(\\d+)$')::int)` })
    .from(mates);
  return `mate-${String((row?.n ?? 0) + 1).padStart(3, "0")}`;
}

/** Schedules the deletion of the documents: `keys` are stored files whose rows are already gone. */
function scheduleDeletion(tx: Tx, applicationId: string, runAt: Date, keys: string[] = []) {
  return schedule(tx, {
    name: DELETE_DOCUMENTS,
    key: `${DELETE_DOCUMENTS}:${applicationId}`,
    payload: { applicationId, keys },
    runAt,
  });
}

/**
 * Verifies an application (issue 16), in one transaction: the mate with the confirmed skills and the
 * home locality, verified now and with starting hours; the application decided; the mate's sign-in
 * and its invitation; the documents' deletion in 90 days; the audit record. The invitation mail,
 * which tells the applicant they are verified, goes once all of it has committed.
 */
export async function verifyApplication(
  deps: ApplicationDeps,
  operatorId: string,
  id: string,
  checklist: VerificationChecklist,
): Promise<ApplicationDetail> {
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const row = await lockReceived(tx, id);
    const stray = checklist.skillsConfirmed.find((skill) => !row.skills.includes(skill));
    if (stray) throw new AppError(400, "skill_not_applied", `${stray} is not a skill this applicant applied for.`);
    await checkSkills(tx, checklist.skillsConfirmed);
    const mateId = await nextMateId(tx);
    await tx.insert(mates).values({
      id: mateId,
      name: row.fullName,
      skills: checklist.skillsConfirmed,
      homeLocality: row.homeLocality,
      lat: row.lat,
      lon: row.lon,
      rating: null,
      jobsDone: 0,
      verifiedAt: now,
      weeklyHours: NEW_MATE_HOURS,
      phone: phoneOf(row.mobile),
    });
    const after = { status: "verified", decidedAt: now, decidedBy: operatorId, checklist, mateId };
    await tx.update(applications).set(after).where(eq(applications.id, id));
    let made: Awaited<ReturnType<typeof inviteMateIn>>;
    try {
      made = await inviteMateIn(tx, mateId, row.email, now);
    } catch (error) {
      if (error instanceof InvitationError) throw new AppError(409, "email_taken", error.message);
      throw error;
    }
    await scheduleDeletion(tx, id, new Date(now.getTime() + APPLICATION_RULES.keepDocumentsDays * DAY_MS));
    await recordAudit(tx, {
      actorId: operatorId,
      action: "application.verify",
      subjectType: "application",
      subjectId: id,
      before: { status: row.status },
      after: { ...after, decidedAt: now.toISOString(), mateId, skills: checklist.skillsConfirmed },
      at: now,
    });
    // The decision's mail (the invitation) goes by the queue once all of this has committed.
    await queueMail(
      tx,
      `application.verified:${id}`,
      "application_verified",
      mateInvitationMailFor(deps.appOrigin, made, row.fullName),
      now,
    );
  });
  deps.queue?.poke();
  return applicationDetail(deps.db, id);
}

/**
 * Rejects an application with a reason the applicant reads, in one transaction with its audit
 * record. The documents' rows go in it; their files are deleted as soon as it has committed, and
 * again by the queue (in case the store failed then).
 */
export async function rejectApplication(
  deps: ApplicationDeps,
  operatorId: string,
  id: string,
  reason: string,
): Promise<ApplicationDetail> {
  const now = nowOf(deps);
  const keys = await deps.db.transaction(async (tx) => {
    const locked = await lockReceived(tx, id);
    const docs = await tx
      .delete(applicationDocuments)
      .where(eq(applicationDocuments.applicationId, id))
      .returning({ key: applicationDocuments.storageKey });
    const after = {
      status: "rejected",
      decidedAt: now,
      decidedBy: operatorId,
      rejectReason: reason,
      documentsDeletedAt: now,
    };
    await tx.update(applications).set(after).where(eq(applications.id, id));
    const stored = docs.map((doc) => doc.key);
    await scheduleDeletion(tx, id, new Date(now.getTime() + 60_000), stored);
    await recordAudit(tx, {
      actorId: operatorId,
      action: "application.reject",
      subjectType: "application",
      subjectId: id,
      before: { status: locked.status, documents: stored.length },
      after: { status: "rejected", documents: 0 },
      reason,
      at: now,
    });
    await queueMail(
      tx,
      `application.rejected:${id}`,
      "application_rejected",
      applicationRejectedMail({ to: locked.email, name: locked.fullName, reason }),
      now,
    );
    return stored;
  });
  deps.queue?.poke();
  await deleteStored(deps, keys);
  return applicationDetail(deps.db, id);
}

/**
 * The queue's handler: deletes the stored files (those named in the payload, whose rows went with a
 * rejection, and those of the application's remaining rows), then the rows. Running it twice is
 * harmless.
 */
export async function deleteDocuments(deps: ApplicationDeps, payload: Record<string, unknown>): Promise<void> {
  const applicationId = String(payload.applicationId ?? "");
  const named = Array.isArray(payload.keys) ? payload.keys.map(String) : [];
  const rows = await deps.db
    .select({ id: applicationDocuments.id, key: applicationDocuments.storageKey })
    .from(applicationDocuments)
    .where(eq(applicationDocuments.applicationId, applicationId));
  for (const key of [...named, ...rows.map((row) => row.key)]) await deps.store.delete(key);
  if (rows.length > 0) {
    await deps.db.delete(applicationDocuments).where(
      inArray(
        applicationDocuments.id,
        rows.map((row) => row.id),
      ),
    );
  }
  await deps.db
    .update(applications)
    .set({ documentsDeletedAt: nowOf(deps) })
    .where(and(eq(applications.id, applicationId), isNull(applications.documentsDeletedAt)));
}
