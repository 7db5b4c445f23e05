import { and, eq, isNull } from "drizzle-orm";
import { PROBLEMS } from "#domain/help.ts";
import { type CaseFacts, caseNotices } from "#domain/help-notices.ts";
import type { Notice } from "#domain/notice-texts.ts";
import { formatSlotTime } from "#domain/slot-time.ts";
import { users } from "#server/auth/schema.ts";
import { bookings } from "#server/bookings/schema.ts";
import { nowOf } from "#server/context.ts";
import { layoutMail } from "#server/mail/layout.ts";
import { deliver, queueMail } from "#server/notifications/deliver.ts";
import type { NotificationDeps } from "#server/notifications/notification-deps.ts";
import { ANSWER_DUE, RESOLUTION_DUE } from "./cases.ts";
import { type CaseRow, helpCaseEntries, helpCases } from "./schema.ts";
import { CASE_NOTICE } from "./steps.ts";

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
  let notice: Notice | undefined;
  if (entry.kind === "opened") notice = caseNotices.opened(facts);
  else if (entry.kind === "asked") notice = caseNotices.waiting(facts, entry.body);
  else if (entry.kind === "resolved") notice = caseNotices.resolved(facts, entry.body);
  else if (entry.kind === "message" && entry.author === "operator") notice = caseNotices.answered(facts, entry.body);
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
  const working = row.status === "open" || row.status === "waiting";
  const late = which === "answer" ? working && !row.firstAnsweredAt : working;
  if (!late) return;
  const now = nowOf(deps);
  const operators = await deps.db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.role, "operator"), isNull(users.disabledAt)));
  await deps.db.transaction(async (tx) => {
    const column = which === "answer" ? { answerLateAt: now } : { resolutionLateAt: now };
    const [marked] = await tx
      .update(helpCases)
      .set(column)
      .where(
        and(
          eq(helpCases.id, row.id),
          which === "answer" ? isNull(helpCases.answerLateAt) : isNull(helpCases.resolutionLateAt),
        ),
      )
      .returning({ id: helpCases.id });
    if (!marked) return;
    for (const operator of operators) {
      await queueMail(
        tx,
        `case-late:${which}:${row.id}:${operator.id}`,
        "case_late",
        lateMail(deps, row, facts, which, operator),
        now,
      );
    }
  });
  deps.queue?.poke();
}

function lateMail(
  deps: NotificationDeps,
  row: CaseRow,
  facts: CaseFacts,
  which: "answer" | "resolution",
  to: { email: string; name: string },
) {
  const due = which === "answer" ? row.firstAnswerDue : row.resolutionDue;
  const safety = row.problem === "safety" ? "Safety case. " : "";
  const subject = `${safety}Late: ${which === "answer" ? "first answer" : "resolution"} of a case (${PROBLEMS[row.problem].label.toLowerCase()})`;
  return {
    to: to.email,
    subject,
    ...layoutMail(subject, {
      greeting: `Hi ${to.name.trim()},`,
      parts: [
        {
          paragraph: `A case's ${which === "answer" ? "first answer" : "resolution"} was due by ${formatSlotTime(due)} and has not been given.`,
        },
        {
          paragraph: `Problem: ${PROBLEMS[row.problem].label}. Booking: ${facts.services.join(", ")}, ${formatSlotTime(facts.startAt)}.`,
        },
        { paragraph: `Open it in the console: ${deps.appOrigin}/ops/cases/${encodeURIComponent(row.id)}` },
      ],
    }),
  };
}

export function helpHandlers(deps: NotificationDeps) {
  return {
    [CASE_NOTICE]: (payload: Record<string, unknown>) => noticeOfEntry(deps, payload),
    [ANSWER_DUE]: (payload: Record<string, unknown>) => lateCheck(deps, payload, "answer"),
    [RESOLUTION_DUE]: (payload: Record<string, unknown>) => lateCheck(deps, payload, "resolution"),
  };
}
