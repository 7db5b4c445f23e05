import { and, eq, inArray, isNull } from "drizzle-orm";
import { PROBLEMS } from "#domain/help.ts";
import { type CaseFacts, caseNotices, mateCaseNotices } from "#domain/help-notices.ts";
import type { Notice, NoticeWords } from "#domain/notice-texts.ts";
import { formatSlotTime } from "#domain/slot-time.ts";
import { users } from "#server/auth/schema.ts";
import { bookings, jobs } from "#server/bookings/schema.ts";
import { nowOf } from "#server/context.ts";
import type { Tx } from "#server/db/client.ts";
import { layoutMail } from "#server/mail/layout.ts";
import { mates } from "#server/mates/schema.ts";
import { deliver, queueMail } from "#server/notifications/deliver.ts";
import type { NotificationDeps } from "#server/notifications/notification-deps.ts";
import { type CaseRow, helpCaseEntries, helpCases, mateWarnings } from "./schema.ts";
import { ANSWER_DUE, CASE_NOTICE, MATE_ASKED, MATE_WARNED, RESOLUTION_DUE, SAFETY_ALERT } from "./steps.ts";

/*
 * The queue's work for help (issue 38): the customer's notice of each step of their case, once per
 * step through the notices' machinery (notifications/deliver.ts), and the desk's clock: a case
 * whose first answer or resolution is late is marked so and mailed to every operator, once.
 */

const idOf = (value: unknown) => (typeof value === "string" ? value : undefined);

async function caseAndFacts(deps: NotificationDeps, caseId: string) {
  const [row] = await deps.db.select().from(helpCases).where(eq(helpCases.id, caseId));
  if (!row) return undefined;
  const [booking] = await deps.db.select().from(bookings).where(eq(bookings.id, row.bookingId));
  if (!booking) return undefined;
  const facts: CaseFacts = {
    caseId: row.id,
    problem: row.problem,
    services: booking.items.map((item) => item.serviceTitle),
    startAt: booking.startAt,
    answerBy: row.firstAnswerDue,
  };
  return { row, facts };
}

/** CASE_NOTICE: the notice one entry of a case means to its customer, if any. */
export async function noticeOfEntry(deps: NotificationDeps, payload: Record<string, unknown>): Promise<void> {
  const entryId = Number(payload.entryId);
  if (!Number.isSafeInteger(entryId)) return;
  const [entry] = await deps.db.select().from(helpCaseEntries).where(eq(helpCaseEntries.id, entryId));
  const found = entry ? await caseAndFacts(deps, entry.caseId) : undefined;
  if (!entry || !found) return;
  const { row, facts } = found;
  let notice: ((w: NoticeWords) => Notice) | undefined;
  if (entry.kind === "opened") notice = (w) => caseNotices.opened(w, facts);
  else if (entry.kind === "asked") notice = (w) => caseNotices.waiting(w, facts, entry.body);
  else if (entry.kind === "resolved") notice = (w) => caseNotices.resolved(w, facts, entry.body);
  else if (entry.kind === "closed") notice = (w) => caseNotices.closed(w, facts, entry.body);
  else if (entry.kind === "message" && entry.author === "operator")
    notice = (w) => caseNotices.answered(w, facts, entry.body);
  if (!notice) return;
  await deliver(deps, { key: `case:${entry.id}:${row.userId}`, userId: row.userId, notice, tag: `case:${row.id}` });
  deps.queue?.poke();
}

/** ANSWER_DUE and RESOLUTION_DUE: a case still without its answer, or still unresolved, is late. */
async function lateCheck(
  deps: NotificationDeps,
  payload: Record<string, unknown>,
  which: "answer" | "resolution",
): Promise<void> {
  const caseId = idOf(payload.caseId);
  const found = caseId ? await caseAndFacts(deps, caseId) : undefined;
  if (!found) return;
  const { row, facts } = found;
  const now = nowOf(deps);
  const due = which === "answer" ? row.firstAnswerDue : row.resolutionDue;
  if (now < due) return; // the clock was started again: its own check comes then
  await mailOperators(deps, `case-late:${which}:${row.id}:${due.getTime()}`, "case_late", async (tx) => {
    // Marked in the same statement that finds it still late: an answer that commits meanwhile wins.
    const [marked] = await tx
      .update(helpCases)
      .set(which === "answer" ? { answerLateAt: now } : { resolutionLateAt: now })
      .where(
        and(
          eq(helpCases.id, row.id),
          inArray(helpCases.status, ["open", "waiting"]),
          which === "answer"
            ? and(isNull(helpCases.firstAnsweredAt), isNull(helpCases.answerLateAt))
            : isNull(helpCases.resolutionLateAt),
        ),
      )
      .returning({ id: helpCases.id });
    return marked ? lateMail(deps, row, facts, which) : undefined;
  });
}

/** SAFETY_ALERT: a customer felt unsafe; every operator hears of it at once, whatever the hour. */
async function safetyAlert(deps: NotificationDeps, payload: Record<string, unknown>): Promise<void> {
  const caseId = idOf(payload.caseId);
  const found = caseId ? await caseAndFacts(deps, caseId) : undefined;
  if (!found) return;
  const { row, facts } = found;
  const subject = "Safety case: a customer felt unsafe or was treated badly";
  await mailOperators(deps, `case-safety:${row.id}`, "case_safety", async () => ({
    subject,
    parts: [
      `A customer has just reported feeling unsafe or being treated badly. Booking: ${facts.services.join(", ")}, ${formatSlotTime(facts.startAt)}.`,
      "It is at the top of the desk's queue. Call the customer if you can.",
      `Open it in the console: ${deps.appOrigin}/ops/cases/${encodeURIComponent(row.id)}`,
    ],
  }));
}

type OperatorMail = { subject: string; parts: string[] };

/**
 * Mails every operator once (`key` names the event, `kind` what it is), in a transaction where
 * `decide` says what the mail is, or that there is none after all.
 */
async function mailOperators(
  deps: NotificationDeps,
  key: string,
  kind: "case_late" | "case_safety",
  decide: (tx: Tx) => Promise<OperatorMail | undefined>,
): Promise<void> {
  const now = nowOf(deps);
  const operators = await deps.db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.role, "operator"), isNull(users.disabledAt)));
  await deps.db.transaction(async (tx) => {
    const mail = await decide(tx);
    if (!mail) return;
    for (const operator of operators) {
      await queueMail(
        tx,
        `${key}:${operator.id}`,
        kind,
        {
          to: operator.email,
          subject: mail.subject,
          ...layoutMail(mail.subject, {
            greeting: `Hi ${operator.name.trim()},`,
            parts: mail.parts.map((paragraph) => ({ paragraph })),
          }),
        },
        now,
      );
    }
  });
  deps.queue?.poke();
}

function lateMail(deps: NotificationDeps, row: CaseRow, facts: CaseFacts, which: "answer" | "resolution") {
  const due = which === "answer" ? row.firstAnswerDue : row.resolutionDue;
  const what = which === "answer" ? "first answer" : "resolution";
  const safety = row.problem === "safety" ? "Safety case. " : "";
  return {
    subject: `${safety}Late: the ${what} of a case (${PROBLEMS[row.problem].label.toLowerCase()})`,
    parts: [
      `A case's ${what} was due by ${formatSlotTime(due)} and has not been given.`,
      `Problem: ${PROBLEMS[row.problem].label}. Booking: ${facts.services.join(", ")}, ${formatSlotTime(facts.startAt)}.`,
      `Open it in the console: ${deps.appOrigin}/ops/cases/${encodeURIComponent(row.id)}`,
    ],
  };
}

/**
 * Tells the mates of a case's booking (or the one named) something about it: each with their own
 * job's facts (service, time, locality), never the customer's details. Never for a safety case.
 */
async function tellMates(
  deps: NotificationDeps,
  caseId: string,
  only: string | undefined,
  key: string,
  notice: (w: NoticeWords, facts: { jobId: string; service: string; startAt: Date; locality: string }) => Notice,
): Promise<void> {
  const found = await caseAndFacts(deps, caseId);
  if (!found || found.row.problem === "safety") return;
  const [booking] = await deps.db.select().from(bookings).where(eq(bookings.id, found.row.bookingId));
  const held = await deps.db
    .select({ jobId: jobs.id, service: jobs.service, mateId: mates.id, userId: mates.userId })
    .from(jobs)
    .innerJoin(mates, eq(mates.id, jobs.mateId))
    .where(eq(jobs.bookingId, found.row.bookingId));
  for (const job of held) {
    if (!job.userId || !booking || (only && job.mateId !== only)) continue;
    const facts = {
      jobId: job.jobId,
      service: job.service,
      startAt: booking.startAt,
      locality: booking.address.locality,
    };
    await deliver(deps, {
      key: `${key}:${job.userId}`,
      userId: job.userId,
      notice: (w) => notice(w, facts),
      tag: `job:${job.jobId}`,
    });
  }
  deps.queue?.poke();
}

/** MATE_ASKED: an operator asked the job's mates to answer in a case. */
async function mateAsked(deps: NotificationDeps, payload: Record<string, unknown>): Promise<void> {
  const entryId = Number(payload.entryId);
  if (!Number.isSafeInteger(entryId)) return;
  const [entry] = await deps.db.select().from(helpCaseEntries).where(eq(helpCaseEntries.id, entryId));
  if (!entry) return;
  await tellMates(deps, entry.caseId, undefined, `case-mate:${entry.id}`, (w, facts) =>
    mateCaseNotices.asked(w, facts, entry.body),
  );
}

/** MATE_WARNED: the desk warned a mate about a case. */
async function mateWarned(deps: NotificationDeps, payload: Record<string, unknown>): Promise<void> {
  const warningId = idOf(payload.warningId);
  const [warning] = warningId ? await deps.db.select().from(mateWarnings).where(eq(mateWarnings.id, warningId)) : [];
  if (!warning?.caseId) return;
  await tellMates(deps, warning.caseId, warning.mateId, `mate-warned:${warning.id}`, (w, facts) =>
    mateCaseNotices.warned(w, facts, warning.reason),
  );
}

export function helpHandlers(deps: NotificationDeps) {
  return {
    [CASE_NOTICE]: (payload: Record<string, unknown>) => noticeOfEntry(deps, payload),
    [ANSWER_DUE]: (payload: Record<string, unknown>) => lateCheck(deps, payload, "answer"),
    [RESOLUTION_DUE]: (payload: Record<string, unknown>) => lateCheck(deps, payload, "resolution"),
    [SAFETY_ALERT]: (payload: Record<string, unknown>) => safetyAlert(deps, payload),
    [MATE_ASKED]: (payload: Record<string, unknown>) => mateAsked(deps, payload),
    [MATE_WARNED]: (payload: Record<string, unknown>) => mateWarned(deps, payload),
  };
}
