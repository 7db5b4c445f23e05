import { PROBLEMS } from "#domain/help.ts";
import { source } from "#domain/i18n/messages.ts";

/**
 * What the help desk's notices say to a customer of their case, and to the job's mate
 * (help-notices.ts, issue 38), beside the notices' own catalog (../../messages/). Compiled by the
 * server only (record 069). What an operator wrote goes into them as written.
 */
export const messages = source({
  rowProblem: { message: "Problem", comment: "Help case mail: row label, the problem the customer chose" },
  rowBooking: { message: "Booking", comment: "Help case mail: row label, the booking's services and time" },
  problemNoShow: {
    message: PROBLEMS.no_show.label,
    comment: "Help case mail: the problem chosen, the mate did not come",
  },
  problemLate: { message: PROBLEMS.late.label, comment: "Help case mail: the problem chosen, the mate came late" },
  problemQuality: { message: PROBLEMS.quality.label, comment: "Help case mail: the problem chosen, the work is bad" },
  problemDamage: { message: PROBLEMS.damage.label, comment: "Help case mail: the problem chosen, damage" },
  problemCharge: { message: PROBLEMS.charge.label, comment: "Help case mail: the problem chosen, a wrong charge" },
  problemSafety: {
    message: PROBLEMS.safety.label,
    comment: "Help case mail: the problem chosen, the customer felt unsafe",
  },
  problemOther: { message: PROBLEMS.other.label, comment: "Help case mail: the problem chosen, anything else" },
  openCase: { message: "Open your case", comment: "Help case mail: button that opens the case" },
  caseOpenedSubject: {
    message: "We have your request",
    comment: "Help case: mail subject and push title, case opened",
  },
  caseOpenedText: {
    message: "Thank you for telling us: {problem}. An operator will write to you in your case by {by}.",
    comment: "Help case opened mail: the problem (in small letters in English) and the time of the first answer",
  },
  caseAddAnyTime: {
    message: "You can add to it at any time from the link below.",
    comment: "Help case opened mail: second paragraph",
  },
  caseOpenedPush: { message: "An operator will write to you by {by}.", comment: "Help case opened push body" },
  caseAnsweredSubject: {
    message: "Mates support has answered",
    comment: "Help case: mail subject and push title, an operator answered",
  },
  caseAnsweredText: {
    message: "Mates support wrote in your case:",
    comment: "Help case answered mail: before the operator's message (which stays as written)",
  },
  caseWaitingSubject: {
    message: "We need a little more from you",
    comment: "Help case: mail subject and push title, the desk asks the customer a question",
  },
  caseWaitingText: {
    message: "To resolve your case, Mates support asks:",
    comment: "Help case question mail: before the operator's question",
  },
  caseWaitingAnswer: {
    message: "Answer in your case from the link below.",
    comment: "Help case question mail: after the operator's question",
  },
  caseWaitingAction: { message: "Answer in your case", comment: "Help case question mail: button" },
  caseClosedSubject: { message: "Your case is closed", comment: "Help case: mail subject and push title, closed" },
  caseClosedText: {
    message: "Mates support has closed your case:",
    comment: "Help case closed mail: before the operator's reason",
  },
  caseClosedAgain: {
    message: "If something is still wrong, choose Get help on the booking again.",
    comment: "Help case closed mail: after the reason ('Get help' is the booking screen's button)",
  },
  caseResolvedSubject: {
    message: "Your case is resolved",
    comment: "Help case: mail subject and push title, resolved",
  },
  caseResolvedText: {
    message: "Mates support has resolved your case:",
    comment: "Help case resolved mail: before the operator's resolution",
  },
  caseResolvedAsk: {
    message: "Please tell us in the case whether this solved it. If not, it opens again.",
    comment: "Help case resolved mail: after the resolution",
  },
  caseResolvedAction: { message: "Tell us if it is solved", comment: "Help case resolved mail: button" },
  mateAskedSubject: {
    message: "Mates support asks about your job: {service}, {when}",
    comment: "Mate's mail subject: the help desk asks the mate about a job",
  },
  mateAskedText: {
    message: "The customer has asked us for help with this job. Mates support asks:",
    comment: "Mate's help desk mail: before the operator's question",
  },
  mateAskedAction: { message: "Answer in the job", comment: "Mate's help desk mail: button that opens the job" },
  mateAskedPushTitle: { message: "Mates support asks about a job", comment: "Mate's push title: the help desk asks" },
  mateWarnedSubject: {
    message: "A warning about your job: {service}, {when}",
    comment: "Mate's mail subject: the help desk gives a warning",
  },
  mateWarnedText: {
    message: "After a customer asked us for help with this job, Mates support gives you a warning:",
    comment: "Mate's warning mail: before the operator's reason",
  },
  mateWarnedRecord: {
    message: "Warnings stay on your record. Please call us if you think this is wrong.",
    comment: "Mate's warning mail: after the reason",
  },
  mateWarnedPushTitle: { message: "A warning from Mates support", comment: "Mate's push title: a warning" },
});
