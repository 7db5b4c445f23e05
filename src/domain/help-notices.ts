import type { CaseProblem } from "./help.ts";
import {
  formatWhen,
  type JobFacts,
  jobPath,
  type Notice,
  type NoticeKind,
  type NoticeMessageId,
  type NoticeWords,
} from "./notice-texts.ts";

/**
 * What a customer is told, by mail and push, of each step of their case (issue 38): opened, an
 * operator's answer, a question waiting for them, the resolution. Each leads to the case. In the
 * person's language (record 069); what an operator wrote stays as written.
 */

/** Where the customer follows a case. */
export const casePath = (caseId: string) => `/help/${encodeURIComponent(caseId)}`;

export type CaseFacts = {
  caseId: string;
  problem: CaseProblem;
  services: string[];
  startAt: Date;
  /** When the first answer is due (for the opening notice). */
  answerBy: Date;
};

/** Each problem's label (help.ts's PROBLEMS), in the catalog. */
const PROBLEM_LABELS: Record<CaseProblem, NoticeMessageId> = {
  no_show: "problemNoShow",
  late: "problemLate",
  quality: "problemQuality",
  damage: "problemDamage",
  charge: "problemCharge",
  safety: "problemSafety",
  other: "problemOther",
};

const rows = (w: NoticeWords, c: CaseFacts): [string, string][] => [
  [w.t("rowProblem"), w.t(PROBLEM_LABELS[c.problem])],
  [w.t("rowBooking"), `${c.services.map((title) => w.service(title)).join(", ")}, ${formatWhen(w, c.startAt)}`],
];
/** The first lines of a message, for a push notification. */
const gist = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}…` : text);

/** A notice about the case: its rows and the link to it; the push titled like the mail. */
function caseNotice(
  w: NoticeWords,
  c: CaseFacts,
  kind: NoticeKind,
  text: { subject: string; paragraphs: string[]; push: string; action?: string },
): Notice {
  return {
    kind,
    essential: true,
    subject: text.subject,
    paragraphs: text.paragraphs,
    rows: rows(w, c),
    action: { label: text.action ?? w.t("openCase"), path: casePath(c.caseId) },
    push: { title: text.subject, body: text.push },
  };
}

export const caseNotices = {
  opened(w: NoticeWords, c: CaseFacts): Notice {
    const by = formatWhen(w, c.answerBy);
    return caseNotice(w, c, "case_opened", {
      subject: w.t("caseOpenedSubject"),
      paragraphs: [
        w.t("caseOpenedText", { problem: w.t(PROBLEM_LABELS[c.problem]).toLowerCase(), by }),
        w.t("caseAddAnyTime"),
      ],
      push: w.t("caseOpenedPush", { by }),
    });
  },
  answered: (w: NoticeWords, c: CaseFacts, message: string): Notice =>
    caseNotice(w, c, "case_answered", {
      subject: w.t("caseAnsweredSubject"),
      paragraphs: [w.t("caseAnsweredText"), message],
      push: gist(message),
    }),
  waiting: (w: NoticeWords, c: CaseFacts, question: string): Notice =>
    caseNotice(w, c, "case_waiting", {
      subject: w.t("caseWaitingSubject"),
      paragraphs: [w.t("caseWaitingText"), question, w.t("caseWaitingAnswer")],
      push: gist(question),
      action: w.t("caseWaitingAction"),
    }),
  closed: (w: NoticeWords, c: CaseFacts, reason: string): Notice =>
    caseNotice(w, c, "case_closed", {
      subject: w.t("caseClosedSubject"),
      paragraphs: [w.t("caseClosedText"), reason, w.t("caseClosedAgain")],
      push: gist(reason),
    }),
  resolved: (w: NoticeWords, c: CaseFacts, resolution: string): Notice =>
    caseNotice(w, c, "case_resolved", {
      subject: w.t("caseResolvedSubject"),
      paragraphs: [w.t("caseResolvedText"), resolution, w.t("caseResolvedAsk")],
      push: gist(resolution),
      action: w.t("caseResolvedAction"),
    }),
};

const jobRows = (w: NoticeWords, j: JobFacts): [string, string][] => [
  [w.t("rowService"), w.service(j.service)],
  [w.t("rowWhen"), formatWhen(w, j.startAt)],
];
const jobWhen = (w: NoticeWords, j: JobFacts) => ({ service: w.service(j.service), when: formatWhen(w, j.startAt) });

/** What the job's mate is told of a case about their job: a question to answer, or a warning. */
export const mateCaseNotices = {
  asked: (w: NoticeWords, j: JobFacts, question: string): Notice => ({
    kind: "case_mate_asked",
    essential: true,
    subject: w.t("mateAskedSubject", jobWhen(w, j)),
    paragraphs: [w.t("mateAskedText"), question],
    rows: jobRows(w, j),
    action: { label: w.t("mateAskedAction"), path: jobPath(j.jobId) },
    push: { title: w.t("mateAskedPushTitle"), body: gist(question) },
  }),
  warned: (w: NoticeWords, j: JobFacts, reason: string): Notice => ({
    kind: "mate_warned",
    essential: true,
    subject: w.t("mateWarnedSubject", jobWhen(w, j)),
    paragraphs: [w.t("mateWarnedText"), reason, w.t("mateWarnedRecord")],
    rows: jobRows(w, j),
    action: { label: w.t("openJob"), path: jobPath(j.jobId) },
    push: { title: w.t("mateWarnedPushTitle"), body: gist(reason) },
  }),
};
