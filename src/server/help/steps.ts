import { eq } from "drizzle-orm";
import {
  CASE_STATUS_TEXT,
  type CaseEntryKind,
  type CaseStep,
  HELP_RULES,
  nextCaseStatus,
  resolutionDue,
} from "#domain/help.ts";
import { PHOTO_TYPES, type PhotoType } from "#domain/rework.ts";
import type { AppDeps } from "#server/context.ts";
import type { Tx } from "#server/db/client.ts";
import { OPERATORS_TOPIC } from "#server/events/bus.ts";
import { AppError } from "#server/http/errors.ts";
import { schedule } from "#server/queue/queue.ts";
import type { DocumentStore } from "#server/uploads/document-store.ts";
import { checkUploads, storeUploads, type Upload, type UploadRules } from "#server/uploads/uploads.ts";
import { type CaseEntryRow, type CasePhoto, type CaseRow, helpCaseEntries, helpCases } from "./schema.ts";

/*
 * What every change of a case goes through, whoever makes it: the row locked, the step checked
 * against the state machine (domain/help.ts), the status and its time stamps moved, the entry of
 * the thread written, the customer's notice queued, all in one transaction; then the customer's
 * tabs and the operators' console are told.
 */

export type HelpDeps = AppDeps & { store: DocumentStore };

/** The queue's job that tells the customer of one step of their case (help/notices.ts). */
export const CASE_NOTICE = "help.notice";
/** The desk's clock: the queue looks again when the first answer and the resolution fall due. */
export const ANSWER_DUE = "help.answer_due";
export const RESOLUTION_DUE = "help.resolution_due";
/** A safety case is mailed to every operator the moment it opens. */
export const SAFETY_ALERT = "help.safety_alert";
/** The job's mate is told that an operator asked them to answer in a case (help/notices.ts). */
export const MATE_ASKED = "help.mate_asked";
/** The mate is told of a warning the desk gave them about a case. */
export const MATE_WARNED = "help.mate_warned";

/** The steps the customer is told of by mail and push (besides an operator's message). */
const NOTICE_OF: Partial<Record<CaseEntryKind, true>> = { opened: true, asked: true, resolved: true, closed: true };

const STEP_ENTRY: Record<CaseStep, CaseEntryKind> = {
  answer: "message",
  ask: "asked",
  reply: "message",
  resolve: "resolved",
  solved: "solved",
  not_solved: "not_solved",
  close: "closed",
  decide: "resolved",
  ask_mate: "mate_asked",
  mate_reply: "message",
};

/** Photos are checked as re-work photos are: how many, how large, JPEG or PNG by their bytes. */
const PHOTO_UPLOADS: UploadRules<PhotoType> = {
  maxCount: HELP_RULES.maxPhotos,
  counted: "photos",
  maxBytes: HELP_RULES.maxPhotoBytes,
  one: "photo",
  types: PHOTO_TYPES,
  typesText: "a JPEG or PNG photo",
};

/**
 * Checks the photos, stores them, and runs `work` with them; if the work fails (a refusal, a lost
 * race), the photos are deleted again, so bad input stores nothing.
 */
export async function withPhotos<T>(
  deps: HelpDeps,
  uploads: readonly Upload[],
  work: (photos: CasePhoto[]) => Promise<T>,
): Promise<T> {
  const stored = await storeUploads(deps.store, checkUploads(uploads, PHOTO_UPLOADS));
  try {
    return await work(stored.map(({ key, contentType, bytes }) => ({ key, contentType, sizeBytes: bytes.byteLength })));
  } catch (error) {
    await Promise.all(stored.map((photo) => deps.store.delete(photo.key).catch(() => undefined)));
    throw error;
  }
}

/** The case, locked for the change about to be made. */
export async function lockCase(tx: Tx, id: string): Promise<CaseRow | undefined> {
  const [row] = await tx.select().from(helpCases).where(eq(helpCases.id, id)).for("update");
  return row;
}

export type Author = { author: "customer" | "operator" | "mate" | "system"; authorId: string | null };

/**
 * Has the queue look at the case's resolution when it falls due (a late one is mailed to the
 * operators); the key names the due time, so a clock started again is looked at again.
 */
export async function scheduleResolutionCheck(tx: Tx, row: CaseRow): Promise<void> {
  await schedule(tx, {
    name: RESOLUTION_DUE,
    key: `${RESOLUTION_DUE}:${row.id}:${row.resolutionDue.getTime()}`,
    payload: { caseId: row.id },
    runAt: row.resolutionDue,
  });
}

/** Writes one entry of the thread; an entry the customer is told of queues its notice in the same transaction. */
export async function writeEntry(
  tx: Tx,
  row: CaseRow,
  entry: Author & { kind: CaseEntryKind; body: string; photos?: CasePhoto[] },
  at: Date,
): Promise<CaseEntryRow> {
  // What the mate writes, and what is asked of them, is shown to the mate; never in a safety case.
  const forMate = entry.kind === "mate_asked" || entry.author === "mate";
  if (forMate && row.problem === "safety") throw new Error("a safety case is never shared with the mate");
  const [made] = await tx
    .insert(helpCaseEntries)
    .values({ caseId: row.id, at, ...entry, photos: entry.photos ?? [], sharedWithMate: forMate })
    .returning();
  if (!made) throw new Error("the case entry was not written");
  const operatorWrote = entry.kind === "message" && entry.author === "operator";
  if (NOTICE_OF[entry.kind] || operatorWrote) {
    await schedule(tx, {
      name: CASE_NOTICE,
      key: `${CASE_NOTICE}:${made.id}`,
      payload: { entryId: made.id },
      runAt: at,
    });
  }
  if (entry.kind === "mate_asked") {
    await schedule(tx, { name: MATE_ASKED, key: `${MATE_ASKED}:${made.id}`, payload: { entryId: made.id }, runAt: at });
  }
  return made;
}

/** The status `step` leads the case to, or a 409 that names the case's status when it cannot be taken. */
export function stepTo(row: CaseRow, step: CaseStep) {
  const to = nextCaseStatus(step, row.status);
  if (!to) {
    throw new AppError(
      409,
      "case_status",
      `This case is ${CASE_STATUS_TEXT[row.status].toLowerCase()}; that cannot be done now.`,
    );
  }
  return to;
}

/**
 * Takes one step of the state machine on a case locked by the caller: refused with a 409 that
 * names the case's status when the step cannot be taken from it (a second operator resolving a
 * case the first has just resolved waits for the lock, then is refused here). Moves the status and
 * its stamps and writes the step's entry. "Not solved" starts the resolution's clock again.
 */
export async function takeStep(
  tx: Tx,
  row: CaseRow,
  step: CaseStep,
  entry: Author & { body: string; photos?: CasePhoto[] },
  at: Date,
): Promise<CaseRow> {
  const to = stepTo(row, step);
  // Asking the mate is not an answer to the customer: their clock runs on.
  const byOperator = entry.author === "operator" && step !== "ask_mate";
  const [moved] = await tx
    .update(helpCases)
    .set({
      status: to,
      updatedAt: at,
      ...(byOperator && !row.firstAnsweredAt ? { firstAnsweredAt: at } : {}),
      ...(step === "resolve" || step === "decide" ? { resolvedAt: at, rating: null } : {}),
      ...(step === "ask_mate" ? { mateAskedAt: at } : {}),
      ...(step === "not_solved"
        ? { resolvedAt: null, rating: "not_solved" as const, resolutionDue: resolutionDue(at), resolutionLateAt: null }
        : {}),
      ...(step === "solved" ? { rating: "solved" as const } : {}),
      ...(to === "closed" ? { closedAt: at } : {}),
    })
    .where(eq(helpCases.id, row.id))
    .returning();
  if (!moved) throw new Error("the case was not moved");
  if (step === "not_solved") await scheduleResolutionCheck(tx, moved);
  await writeEntry(tx, moved, { ...entry, kind: STEP_ENTRY[step] }, at);
  return moved;
}

/** After a commit: the customer's tabs and the console hear that the case changed; the queue sends its notice. */
export async function caseChanged(deps: AppDeps, row: CaseRow): Promise<void> {
  const data = { caseId: row.id, bookingId: row.bookingId, status: row.status };
  await deps.events.publish(row.userId, { type: "case", data });
  await deps.events.publish(OPERATORS_TOPIC, { type: "ops", data });
  deps.queue?.poke();
}
