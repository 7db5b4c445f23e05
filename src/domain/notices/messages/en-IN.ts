import { source } from "#domain/i18n/messages.ts";

/**
 * What customers and mates are told by mail and push (notice-texts.ts, payout-notices.ts), and the
 * fixed parts of every mail to them (mail/layout.ts). Compiled by the server only (decision 069):
 * the web app never imports this catalog. Amounts are written "₹1,234" and times "Tue, 24 Nov,
 * 11:00 AM" before they reach a placeholder.
 */
export const messages = source({
  // The mail's fixed parts
  greeting: { message: "Hi {name},", comment: "Mail: the first line, with the person's first name" },
  greetingNoName: { message: "Hi,", comment: "Mail: the first line, when we do not know the person's name" },
  signOff: {
    message: "— Mates. You need it, we fix it.",
    comment: "Mail: the last line of every mail, the brand and its tagline",
  },
  listAnd: {
    message: "{rest} and {last}",
    comment: "Mail and push: the end of a list of services, 'Plumber, Electrician and Cleaning'",
  },
  whatWhen: {
    message: "{what}, {when}",
    comment: "Push body and mail subjects: the services or the service, then the booking's time",
  },
  ratingWhy: {
    message: "You get this because rating reminders are on in your profile.",
    comment: "Rating reminder mail: the footer, why the customer gets it",
  },
  ratingTurnOff: {
    message: "Turn them off",
    comment: "Rating reminder mail: the footer's link that stops rating reminders",
  },
  // Rows of a mail
  rowWhen: { message: "When", comment: "Mail: row label, the booking's date and time" },
  rowWhere: { message: "Where", comment: "Mail: row label, the booking's locality" },
  rowServices: { message: "Services", comment: "Mail: row label, the services booked" },
  rowService: { message: "Service", comment: "Mate's mail: row label, the job's service" },
  rowReference: { message: "Reference", comment: "Refund mail: row label, the bank's reference of the refund" },
  rowAmount: { message: "Amount", comment: "Payout mail: row label, the amount of the payout" },
  // The customer's booking
  seeBooking: { message: "See your booking", comment: "Customer's mail: button that opens the booking" },
  someMate: {
    message: "Your mate",
    comment: "Customer's mail: stands for the mate's name when we do not have it ('Your mate is on the way')",
  },
  confirmedSubject: {
    message: "Booking confirmed: {services}, {when}",
    comment: "Mail subject when a booking is confirmed",
  },
  confirmedText: {
    message: "Your booking is confirmed. We are finding the nearest free verified mate for it.",
    comment: "Booking confirmed mail: first paragraph",
  },
  confirmedFree: { message: "This visit is free.", comment: "Booking confirmed mail: nothing to pay" },
  confirmedAllCredit: {
    message: "Paid with your Mates credit: {total}.",
    comment: "Booking confirmed mail: the customer's Mates credit paid all of it",
  },
  confirmedCreditOnline: {
    message: "Total {total}: {credit} paid with your Mates credit, {rest} paid online.",
    comment: "Booking confirmed mail: part paid with Mates credit, the rest paid online",
  },
  confirmedCreditAfter: {
    message: "Total {total}: {credit} paid with your Mates credit, {rest} to pay after the service.",
    comment: "Booking confirmed mail: part paid with Mates credit, the rest paid after the service",
  },
  confirmedPrepaid: { message: "Paid online: {total}.", comment: "Booking confirmed mail: paid online in full" },
  confirmedPayAfter: {
    message: "Total {total}, paid after the service.",
    comment: "Booking confirmed mail: the customer pays after the service",
  },
  confirmedPushTitle: { message: "Booking confirmed", comment: "Push title when a booking is confirmed" },
  assignedSubject: { message: "Your mate: {name}", comment: "Mail subject when a mate is assigned" },
  assignedText: {
    message: "{name} is your mate for {service}, verified by Mates.",
    comment: "Mate assigned mail and push: the mate's name and the service",
  },
  assignedPushTitle: { message: "Mate assigned", comment: "Push title when a mate is assigned" },
  changedSubject: {
    message: "Your mate has changed: {name}",
    comment: "Mail subject when another mate takes the booking",
  },
  changedText: {
    message: "Your mate has changed: {name} is now your mate for {service}.",
    comment: "Mate changed mail and push: the new mate's name and the service",
  },
  changedPushTitle: { message: "Your mate has changed", comment: "Push title when another mate takes the booking" },
  startCodeAdvice: {
    message: "Share your start code with your mate only when they arrive.",
    comment: "Mate assigned and on-the-way mails: advice about the 4-digit start code",
  },
  onTheWaySubject: { message: "{name} is on the way", comment: "Mail subject when the mate sets off" },
  onTheWayText: {
    message: "{name} is on the way ({service}).",
    comment: "On-the-way mail and push body: the mate's name and the service",
  },
  onTheWayPushTitle: { message: "Your mate is on the way", comment: "Push title when the mate sets off" },
  noShowSubject: {
    message: "Mate hasn't arrived? Choose what happens next",
    comment: "Mail subject when the mate is late and the customer may choose",
  },
  noShowSorry: {
    message: "Your mate has not arrived yet. We are sorry.",
    comment: "Mate-late mail: first paragraph",
  },
  noShowChoices: {
    message:
      "On your booking you can find another mate now, or cancel free of charge: anything you paid online comes back, with Mates credit for the trouble.",
    comment: "Mate-late mail: the two choices on the booking's screen",
  },
  noShowAction: { message: "Choose on your booking", comment: "Mate-late mail: button that opens the booking" },
  noShowPushTitle: { message: "Mate hasn't arrived?", comment: "Push title when the mate is late" },
  noShowPushBody: { message: "Find another mate now, or cancel free.", comment: "Push body when the mate is late" },
  completedSubject: { message: "Job done: {services}", comment: "Mail subject when the work is done, with the bill" },
  completedText: {
    message: "Your mate has completed the work. Here is your bill.",
    comment: "Job done mail: first paragraph, before the bill's rows",
  },
  completedDue: {
    message: "To pay: {amount}. Pay your mate, or pay online on your booking's page.",
    comment: "Job done mail: what is left to pay",
  },
  nothingToPay: { message: "Nothing is left to pay.", comment: "Job done mail and push: all paid" },
  creditLine: {
    message: "Paid with Mates credit",
    comment: "Job done mail: a row of the bill, the Mates credit used",
  },
  taxInvoice: {
    message: "Your tax invoice: {numbers}.",
    comment: "Job done and payment mails: the tax invoice numbers (the invoice itself stays English)",
  },
  seeInvoice: { message: "See your invoice", comment: "Mail: button that opens the tax invoice" },
  completedPushTitle: { message: "Job completed", comment: "Push title when the work is done" },
  completedPushDue: { message: "Your bill: {amount} to pay.", comment: "Push body when the work is done and unpaid" },
  paidSubjectInvoice: {
    message: "Payment received: invoice {numbers}",
    comment: "Mail subject when an online payment arrives, with the invoice numbers",
  },
  paidSubjectAmount: {
    message: "Payment received: {amount}",
    comment: "Mail subject when an online payment arrives, without an invoice",
  },
  paidText: { message: "We received your payment of {amount}. Thank you.", comment: "Payment mail: first paragraph" },
  paidPushTitle: { message: "Payment received", comment: "Push title when an online payment arrives" },
  paidPushBody: { message: "{amount} received. Thank you.", comment: "Push body when an online payment arrives" },
  cancelledSubject: {
    message: "Booking cancelled: {services}, {when}",
    comment: "Mail subject when a booking is cancelled",
  },
  cancelledByCustomer: {
    message: "Your booking is cancelled, as you asked.",
    comment: "Cancellation mail: the customer cancelled",
  },
  cancelledNoShow: {
    message: "Your booking is cancelled free of charge, as your mate did not come. We are sorry.",
    comment: "Cancellation mail: cancelled because the mate did not come",
  },
  cancelledByOperator: {
    message: "The Mates team cancelled your booking. We are sorry for the trouble.",
    comment: "Cancellation mail: an operator cancelled",
  },
  cancelledUnpaid: {
    message: "Your booking is cancelled: it was not paid within 15 minutes.",
    comment: "Cancellation mail: the online payment did not come in time",
  },
  visitingCharge: {
    message: "A visiting charge of {amount} applies.",
    comment: "Cancellation mail: the charge for a late cancellation",
  },
  refundOnItsWay: {
    message: "A refund of {amount} is on its way to how you paid. We will write when it is done.",
    comment: "Cancellation mail: the refund of an online payment",
  },
  creditGiven: {
    message: "{amount} of Mates credit is yours, spent on your next booking.",
    comment: "Cancellation mail: Mates credit given for the trouble",
  },
  cancelledPushTitle: { message: "Booking cancelled", comment: "Push title when a booking is cancelled" },
  refundedSubject: { message: "Refund processed: {amount}", comment: "Mail subject when a refund is processed" },
  refundedText: {
    message: "Your refund of {amount} is processed. Banks take up to 5–7 working days to show it.",
    comment: "Refund mail: first paragraph",
  },
  refundedPushTitle: { message: "Refund processed", comment: "Push title when a refund is processed" },
  refundedPushBody: { message: "{amount} is on its way back to you.", comment: "Push body when a refund is processed" },
  ratingSubject: {
    message: "How did {name} do?",
    comment: "Rating reminder: mail subject and push title, with the mate's name",
  },
  ratingText: {
    message: "Your {services} is done. A rating takes a few seconds and helps other customers choose.",
    comment: "Rating reminder mail: first paragraph, with the services booked",
  },
  ratingAction: { message: "Rate your mate", comment: "Rating reminder mail: button" },
  ratingPushBody: { message: "Rate your mate in a few seconds.", comment: "Rating reminder: push body" },
  // The mate's jobs
  openJob: { message: "Open the job", comment: "Mate's mail: button that opens the job" },
  seeJobs: { message: "See your jobs", comment: "Mate's mail: button that opens the mate's jobs" },
  newJobSubject: { message: "New job: {service}, {when}", comment: "Mate's mail subject for a new job" },
  newJobText: {
    message: "A new job is yours. Please be on the way in time.",
    comment: "Mate's new job mail: first paragraph",
  },
  newJobRework: {
    message: "A free re-work of an earlier job. Please read what the customer says, and see the photos, before you go.",
    comment: "Mate's new job mail: the job is a free re-work",
  },
  newJobPushTitle: { message: "New job", comment: "Mate's push title for a new job" },
  newJobPushBody: {
    message: "{service}, {when}, {locality}",
    comment: "Mate's push body for a new job: service, time, locality",
  },
  movedSubject: {
    message: "Job moved: {service}, now {when}",
    comment: "Mate's mail subject: the customer moved the job",
  },
  movedText: {
    message: "The customer moved this job from {from} to {when}.",
    comment: "Mate's job moved mail: the old and the new time",
  },
  movedStays: {
    message: "It stays yours if you are free then; if you are not, it goes to another mate and we tell you.",
    comment: "Mate's job moved mail: what happens next",
  },
  movedPushTitle: { message: "Job moved", comment: "Mate's push title: the customer moved the job" },
  movedPushBody: { message: "{service}: now {when}", comment: "Mate's push body: the job's new time" },
  takenSubject: {
    message: "Job taken off you: {service}, {when}",
    comment: "Mate's mail subject: the job is no longer theirs",
  },
  takenPushTitle: { message: "Job taken off you", comment: "Mate's push title: the job is no longer theirs" },
  takenNoShow: {
    message:
      "You had not arrived in time, so the customer let this job go. It is recorded as a no-show on your record. You do not need to go.",
    comment: "Mate's job taken mail: the mate was late and the customer chose another",
  },
  takenMoved: {
    message: "The customer moved this job to a time you are not free, so it went to another mate.",
    comment: "Mate's job taken mail: moved to a time the mate is not free",
  },
  takenSuspended: {
    message: "Your account is paused, so the Mates team gave this job to another mate.",
    comment: "Mate's job taken mail: the mate's account is paused",
  },
  takenReassigned: {
    message: "The Mates team gave this job to another mate. You do not need to go.",
    comment: "Mate's job taken mail: an operator gave it to another mate",
  },
  takenReleased: {
    message: "The Mates team released this job from you. You do not need to go.",
    comment: "Mate's job taken mail: an operator released it",
  },
  jobCancelledSubject: { message: "Job cancelled: {service}, {when}", comment: "Mate's mail subject: job cancelled" },
  jobCancelledText: {
    message: "This job is cancelled. You do not need to go; its time is free again.",
    comment: "Mate's job cancelled mail: first paragraph",
  },
  jobCancelledPushTitle: { message: "Job cancelled", comment: "Mate's push title: job cancelled" },
  // The mate's payouts
  payoutReversed: {
    message: "Your payout of {amount} came back from your bank",
    comment: "Mate's mail subject, and the start of its first paragraph: the bank sent the payout back",
  },
  payoutFailed: {
    message: "Your payout of {amount} did not go through",
    comment: "Mate's mail subject, and the start of its first paragraph: the payout failed",
  },
  payoutWhy: {
    message: "{what}: {reason}.",
    comment: "Mate's payout mail: the sentence above ({what}) and the bank's reason, in English",
  },
  payoutPlain: { message: "{what}.", comment: "Mate's payout mail: the sentence above ({what}) without a reason" },
  payoutBack: {
    message: "The amount is in your balance again. We will send it again; check that your payout details are right.",
    comment: "Mate's payout mail: what happens next",
  },
  seeEarnings: { message: "See your earnings", comment: "Mate's payout mail: button that opens the earnings screen" },
  payoutPushTitle: {
    message:
      "{status, select, failed {Payout failed} reversed {Payout reversed} cancelled {Payout cancelled} other {Payout rejected}}",
    comment: "Mate's push title: how the payout ended",
  },
  payoutPushBody: { message: "{amount} is back in your balance.", comment: "Mate's push body: the payout came back" },
});
