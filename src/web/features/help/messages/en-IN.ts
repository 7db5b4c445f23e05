import { source } from "#domain/i18n/messages.ts";

/** English of the problems and statuses is domain/help.ts's (PROBLEMS, CASE_STATUS_TEXT), word for word. */
export const messages = source({
  // Help pages.
  helpTitle: { message: "Help with your bookings", comment: "/help: page heading and tab title" },
  caseTitle: { message: "Your help request", comment: "/help/<case>: page heading and tab title" },
  loginTitle: { message: "Log in to see your help requests", comment: "/help signed out: heading of the login prompt" },
  loginHint: {
    message: "After logging in you continue right here.",
    comment: "/help signed out: under the login prompt",
  },
  // "Get help" on a booking.
  getHelp: { message: "Get help", comment: "Booking page: button that opens the help dialog" },
  whatWentWrong: { message: "What went wrong?", comment: "Help dialog: heading" },
  supportAnswers: {
    message: "Mates support answers you, not your mate.",
    comment: "Help dialog: line under the heading",
  },
  close: { message: "Close", comment: "Help dialog: the close button (an X), read out" },
  openCase: { message: "Open case", comment: "Help dialog: beside a problem that already has a case open" },
  yourCasesHere: {
    message: "Your cases on this booking",
    comment: "Booking page: name of the list of cases, read out",
  },
  caseLink: { message: "{problem}: {status}", comment: "Booking page: a case link, its problem and status" },
  problem: {
    message:
      "{problem, select, no_show {The mate hasn't arrived} late {The mate was late} quality {The work isn't done, or isn't done well} damage {Something was damaged} charge {I was charged wrongly} safety {I felt unsafe or was treated badly} other {Something else}}",
    comment: "Help dialog and cases: what went wrong, one of seven problems",
  },
  ask: {
    message:
      "{problem, select, no_show {Anything we should know? (optional)} late {How late, and did it cost you anything? (optional)} quality {What is wrong with the work?} damage {What was damaged, and how?} charge {What was wrong with the charge?} safety {Tell us what happened, if you can. (optional)} other {How can we help?}}",
    comment: "Help dialog: the question above the description box, for each problem",
  },
  status: {
    message: "{status, select, waiting {Waiting for you} resolved {Resolved} closed {Closed} other {Open}}",
    comment: "A case's status",
  },
  worth: { message: "What is it worth? (₹)", comment: "Help dialog, damage: label of the value field" },
  chargedWrongly: {
    message: "How much was charged wrongly? (₹)",
    comment: "Help dialog, wrong charge: label of the amount field",
  },
  covered: {
    message: "Covered up to {amount} per booking, claimed within {hours} hours of the work.",
    comment: "Help dialog, damage: under the value field; {amount} is like ₹10,000",
  },
  onlySupport: { message: "Only Mates support sees them.", comment: "Photo field in help: who sees the photos" },
  needPhoto: {
    message: "Add at least one photo of what was damaged.",
    comment: "Help dialog, damage: error with no photo",
  },
  nextStep: {
    message: "What happens next: {step}",
    comment: "Help dialog: what happens after sending; {step} is a sentence",
  },
  stepSafety: {
    message:
      "Your safety comes first. This goes to the top of our queue and an operator will write to you here by {by}, sooner if we can. Your mate cannot see it. If you are in danger now, call {emergency}.",
    comment: "What happens next, safety; {by} is a day and time",
  },
  stepNoShow: {
    message: "We are checking where your mate is and will write to you here by {by}, sooner if we can.",
    comment: "What happens next, mate not arrived",
  },
  stepDamage: {
    message:
      "An operator will look at your claim and photos and write to you here by {by}. Damage is covered up to {amount} per booking; you will have a decision within {hours} hours.",
    comment: "What happens next, damage",
  },
  stepQuality: {
    message:
      "An operator will write to you here by {by}. We can send a mate to redo the work free, or refund you; you will have an answer within {hours} hours.",
    comment: "What happens next, work not done well",
  },
  stepOther: {
    message: "An operator will write to you here by {by}, and resolve it within {hours} hours.",
    comment: "What happens next, other problems",
  },
  sendSupport: { message: "Send to Mates support", comment: "Help dialog: the submit button" },
  back: { message: "Back", comment: "Help dialog: back to the list of problems" },
  // Photos.
  photos: { message: "Photos", comment: "Photo field: label; also the name of a strip of photos, read out" },
  atLeastOne: { message: "(at least one)", comment: "Photo field: after 'Photos' when one is needed" },
  optional: { message: "(optional)", comment: "Photo field: after 'Photos' when none is needed" },
  photoRules: {
    message: "Up to {count} photos, JPEG or PNG, {mb} MB each.",
    comment: "Photo field: the limits; {count} and {mb} are numbers",
  },
  tooMany: { message: "Add at most {count} photos.", comment: "Photo field error: too many photos" },
  notPhoto: { message: "{name} is not a JPEG or PNG photo.", comment: "Photo field error: {name} is a file name" },
  tooBig: { message: "{name} is larger than {mb} MB.", comment: "Photo field error: {name} is a file name" },
  // Emergency numbers.
  inDanger: { message: "If you are in danger", comment: "Emergency box: its name, read out" },
  callNow: {
    message: "If you are in danger now, call {number}.",
    comment: "Emergency box: first line; {number} is 112",
  },
  call: { message: "Call {number}", comment: "Emergency box: button to call the emergency number" },
  supportPhone: { message: "Mates support {number}", comment: "Emergency box: button to call Mates support" },
  // A case.
  entryTitle: {
    message:
      "{kind, select, opened {asked for help} message {wrote} asked {asked you} resolved {resolved the case} not_solved {said it is not solved} solved {said it is solved} closed {closed the case} other {asked the mate}}",
    comment: "Case thread: after the writer's name ('You asked for help', 'Rohan wrote')",
  },
  you: { message: "You", comment: "Case thread: the customer as writer" },
  decision: {
    message: "{decision, select, refund {Refund} credit {Mates credit} declined {Claim declined} other {Free re-work}}",
    comment: "Case: the desk's decision heading",
  },
  ourDecision: { message: "Our decision", comment: "Case: name of the decision box, read out" },
  seeRework: { message: "See the re-work booking", comment: "Case: link to the free re-work booking" },
  whatYouSent: {
    message: "What you sent ({index} of {count})",
    comment: "Case thread: description of a photo, read out",
  },
  writeMessage: { message: "Write a message.", comment: "Case: error when sending an empty message" },
  writeSupport: { message: "Write to Mates support", comment: "Case: label of the message box; form name" },
  yourAnswer: { message: "Your answer", comment: "Case: label of the message box when support asked you something" },
  send: { message: "Send", comment: "Case: the send button" },
  didSolve: { message: "Did this solve it?", comment: "Case: question after it was resolved" },
  yesSolved: { message: "Yes, solved", comment: "Case: answer button" },
  notSolved: { message: "No, not solved", comment: "Case: answer button (opens the case again)" },
  caseFailed: { message: "This case could not be loaded.", comment: "Case page: error heading" },
  casesFailed: { message: "Your cases could not be loaded.", comment: "/help: error heading" },
  seeBooking: { message: "See the booking", comment: "Case page: link to the booking" },
  valueClaimed: { message: "Value claimed: {amount}", comment: "Case page: the damage claim's value" },
  amountWrong: { message: "Amount charged wrongly: {amount}", comment: "Case page: the wrong charge's amount" },
  caseSoFar: { message: "The case so far", comment: "Case page: name of the thread, read out" },
  noCases: {
    message:
      "You have not asked for help yet. If something goes wrong with a booking, choose Get help on it in <0>your bookings</0>.",
    comment: "/help with no cases; <0> is a link to the profile's bookings",
  },
  yourCases: { message: "Your cases", comment: "/help: name of the list, read out" },
});
