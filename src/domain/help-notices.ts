import type { CaseProblem } from "./help.ts";
import { PROBLEMS } from "./help.ts";
import type { Notice } from "./notice-texts.ts";
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
const open = (c: CaseFacts) => ({ label: "Open your case", path: casePath(c.caseId) });
/** The first lines of a message, for a push notification. */
const gist = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}…` : text);

export const caseNotices = {
  opened(c: CaseFacts): Notice {
    const by = formatSlotTime(c.answerBy);
    return {
      kind: "case_opened",
      essential: true,
      subject: `We have your request: ${PROBLEMS[c.problem].label.toLowerCase()}`,
      paragraphs: [
        `Thank you for telling us. An operator will write to you in your case by ${by}.`,
        "You can add to it at any time from the link below.",
      ],
      rows: rows(c),
      action: open(c),
      push: { title: "We have your request", body: `An operator will write to you by ${by}.` },
    };
  },
  answered(c: CaseFacts, message: string): Notice {
    return {
      kind: "case_answered",
      essential: true,
      subject: "Mates support has answered",
      paragraphs: ["Mates support wrote in your case:", message],
      rows: rows(c),
      action: open(c),
      push: { title: "Mates support has answered", body: gist(message) },
    };
  },
  waiting(c: CaseFacts, question: string): Notice {
    return {
      kind: "case_waiting",
      essential: true,
      subject: "We need a little more from you",
      paragraphs: ["To resolve your case, Mates support asks:", question, "Answer in your case from the link below."],
      rows: rows(c),
      action: { label: "Answer in your case", path: casePath(c.caseId) },
      push: { title: "We need a little more from you", body: gist(question) },
    };
  },
  closed(c: CaseFacts, reason: string): Notice {
    return {
      kind: "case_closed",
      essential: true,
      subject: "Your case is closed",
      paragraphs: [
        "Mates support has closed your case:",
        reason,
        "If something is still wrong, choose Get help on the booking again.",
      ],
      rows: rows(c),
      action: open(c),
      push: { title: "Your case is closed", body: gist(reason) },
    };
  },
  resolved(c: CaseFacts, resolution: string): Notice {
    return {
      kind: "case_resolved",
      essential: true,
      subject: "Your case is resolved",
      paragraphs: [
        "Mates support has resolved your case:",
        resolution,
        "Please tell us in the case whether this solved it. If not, it opens again.",
      ],
      rows: rows(c),
      action: { label: "Tell us if it is solved", path: casePath(c.caseId) },
      push: { title: "Your case is resolved", body: gist(resolution) },
    };
  },
};
