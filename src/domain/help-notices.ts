import type { CaseProblem } from "./help.ts";
import { PROBLEMS } from "./help.ts";
import { formatWhen, type JobFacts, jobPath, type Notice, type NoticeKind } from "./notice-texts.ts";
import { formatSlotTime } from "./slot-time.ts";

/**
 * What a customer is told, by mail and push, of each step of their case (issue 38): opened, an
 * operator's answer, a question waiting for them, the resolution. Each leads to the case.
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

const rows = (c: CaseFacts): [string, string][] => [
  ["Problem", PROBLEMS[c.problem].label],
  ["Booking", `${c.services.join(", ")}, ${formatSlotTime(c.startAt)}`],
];
/** The first lines of a message, for a push notification. */
const gist = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}…` : text);

/** A notice about the case: its rows and the link to it; the push titled like the mail. */
function caseNotice(
  c: CaseFacts,
  kind: NoticeKind,
  text: { subject: string; paragraphs: string[]; push: string; action?: string },
): Notice {
  return {
    kind,
    essential: true,
    subject: text.subject,
    paragraphs: text.paragraphs,
    rows: rows(c),
    action: { label: text.action ?? "Open your case", path: casePath(c.caseId) },
    push: { title: text.subject, body: text.push },
  };
}

export const caseNotices = {
  opened(c: CaseFacts): Notice {
    const by = formatSlotTime(c.answerBy);
    return caseNotice(c, "case_opened", {
      subject: "We have your request",
      paragraphs: [
        `Thank you for telling us: ${PROBLEMS[c.problem].label.toLowerCase()}. An operator will write to you in your case by ${by}.`,
        "You can add to it at any time from the link below.",
      ],
      push: `An operator will write to you by ${by}.`,
    });
  },
  answered: (c: CaseFacts, message: string): Notice =>
    caseNotice(c, "case_answered", {
      subject: "Mates support has answered",
      paragraphs: ["Mates support wrote in your case:", message],
      push: gist(message),
    }),
  waiting: (c: CaseFacts, question: string): Notice =>
    caseNotice(c, "case_waiting", {
      subject: "We need a little more from you",
      paragraphs: ["To resolve your case, Mates support asks:", question, "Answer in your case from the link below."],
      push: gist(question),
      action: "Answer in your case",
    }),
  closed: (c: CaseFacts, reason: string): Notice =>
    caseNotice(c, "case_closed", {
      subject: "Your case is closed",
      paragraphs: [
        "Mates support has closed your case:",
        reason,
        "If something is still wrong, choose Get help on the booking again.",
      ],
      push: gist(reason),
    }),
  resolved: (c: CaseFacts, resolution: string): Notice =>
    caseNotice(c, "case_resolved", {
      subject: "Your case is resolved",
      paragraphs: [
        "Mates support has resolved your case:",
        resolution,
        "Please tell us in the case whether this solved it. If not, it opens again.",
      ],
      push: gist(resolution),
      action: "Tell us if it is solved",
    }),
};

/** What the job's mate is told of a case about their job: a question to answer, or a warning. */
export const mateCaseNotices = {
  asked: (j: JobFacts, question: string): Notice => ({
    kind: "case_mate_asked",
    essential: true,
    subject: `Mates support asks about your job: ${j.service}, ${formatWhen(j.startAt)}`,
    paragraphs: ["The customer has asked us for help with this job. Mates support asks:", question],
    rows: [
      ["Service", j.service],
      ["When", formatWhen(j.startAt)],
    ],
    action: { label: "Answer in the job", path: jobPath(j.jobId) },
    push: { title: "Mates support asks about a job", body: gist(question) },
  }),
  warned: (j: JobFacts, reason: string): Notice => ({
    kind: "mate_warned",
    essential: true,
    subject: `A warning about your job: ${j.service}, ${formatWhen(j.startAt)}`,
    paragraphs: [
      "After a customer asked us for help with this job, Mates support gives you a warning:",
      reason,
      "Warnings stay on your record. Please call us if you think this is wrong.",
    ],
    rows: [
      ["Service", j.service],
      ["When", formatWhen(j.startAt)],
    ],
    action: { label: "Open the job", path: jobPath(j.jobId) },
    push: { title: "A warning from Mates support", body: gist(reason) },
  }),
};
