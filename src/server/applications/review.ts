import { and, asc, desc, eq, sql } from "drizzle-orm";
import {
  APPLICATION_RULES,
  type ApplicationDetail,
  type ApplicationStatus,
  type ApplicationSummary,
  type DocumentKind,
  type DocumentType,
  type VerificationChecklist,
} from "#domain/applications.ts";
import type { WeeklyHours } from "#domain/availability.ts";
import { shownNumber } from "#domain/mate-sms-invitation.ts";
import { InvitationError, inviteMateIn, mateInvitationMailFor } from "#server/auth/invitations.ts";
import { localeOfUser } from "#server/auth/language-routes.ts";
import { users } from "#server/auth/schema.ts";
import { nowOf } from "#server/context.ts";
import type { Database, Tx } from "#server/db/client.ts";
import { AppError } from "#server/http/errors.ts";
import { mates } from "#server/mates/schema.ts";
import { queueMail } from "#server/notifications/deliver.ts";
import { recordAudit } from "#server/ops/audit.ts";
import type { ApplicationDeps } from "./deps.ts";
import { deleteStored, scheduleDeletion } from "./document-deletion.ts";
import { applicationRejectedMail } from "./mails.ts";
import { applicationDocuments, applications } from "./schema.ts";
import { checkSkills } from "./skills.ts";

/** The operators' side of applications (issue 16): the queue, one application and its documents, the decision. */

const DAY_MS = 86_400_000;

/** A new mate's hours until they set their own in the mate app: Monday to Saturday, 9:00 AM to 6:00 PM. */
export const NEW_MATE_HOURS: WeeklyHours = [
  null,
  ...Array.from({ length: 6 }, () => ({ from: 9 * 60, until: 18 * 60 })),
];

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

/** The next mate id after the highest (mate-001, …); callers hold the lock that makes it unique. */
async function nextMateId(tx: Tx): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('mates.next_id'))`);
  const [row] = await tx
    .select({ n: sql<number | null>`max(substring(${mates.id} from '^mate-(\\d+)$')::int)` })
    .from(mates);
  return `mate-${String((row?.n ?? 0) + 1).padStart(3, "0")}`;
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
      phone: shownNumber(row.mobile),
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
      mateInvitationMailFor(deps.appOrigin, made, row.fullName, await localeOfUser(tx, made.userId)),
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
