import { source } from "#domain/i18n/messages.ts";

export const messages = source({
  // Paying a booking online (Razorpay Checkout).
  holdUntil: {
    message: "Your booking is kept until {time}; it is confirmed once paid.",
    comment: "Booking payment: how long a booking waiting for payment is kept; {time} is like 4:30 pm",
  },
  paymentFailed: {
    message: "Payment failed: {reason} Nothing was charged.",
    comment: "Booking payment: error after a failed payment; {reason} is a sentence (often Razorpay's, in English)",
  },
  notCompleted: { message: "Payment not completed.", comment: "Booking payment: the payment window was closed" },
  notCompletedHold: {
    message: "Payment not completed. {hold}",
    comment: "Booking payment: the window was closed; {hold} is the 'Your booking is kept until…' sentence",
  },
  tryAgain: { message: "Try again", comment: "Booking payment: the pay button after a failure" },
  payOnline: { message: "Pay {amount} online", comment: "Booking payment: the pay button; {amount} is like ₹1,299" },
  notStarted: {
    message: "Online payment could not start. Please try again.",
    comment: "Booking payment: Razorpay's script loaded but did not start",
  },
  unreachable: {
    message: "Online payment could not be reached. Check your connection and try again.",
    comment: "Booking payment: Razorpay's script could not be loaded",
  },
  notUnderstood: {
    message: "The payment's answer was not understood.",
    comment: "Booking payment: reason inside 'Payment failed: …' when Razorpay's answer was malformed",
  },
  didNotGoThrough: {
    message: "The payment did not go through.",
    comment: "Booking payment: reason inside 'Payment failed: …' when Razorpay gave none",
  },
  // What a booking's money came to (the booking's page).
  payments: { message: "Payments", comment: "Booking page: name of the payments box, read by screen readers" },
  paidOnline: { message: "Paid online: {amount}", comment: "Booking page: amount paid online" },
  refundProcessed: {
    message: "Refund of {amount} processed on {day}",
    comment: "Booking page: a refund that reached the bank; {day} is like 4 Dec",
  },
  refundFailed: {
    message: "Refund of {amount} could not be sent: our team will call you",
    comment: "Booking page: a refund the bank refused",
  },
  refundStarted: {
    message: "Refund of {amount} started: it reaches your account in 5 to 7 working days",
    comment: "Booking page: a refund on its way",
  },
  reference: {
    message: " (reference {reference})",
    comment: "Booking page: after a refund, its bank reference (keep the leading space)",
  },
  taxInvoice: {
    message: "Tax invoice {number}",
    comment: "Booking page: link to a tax invoice (the invoice itself stays English); {number} is its number",
  },
  // The customer's Mates credit on their profile.
  credit: { message: "Mates credit", comment: "Profile: heading of the credit section" },
  loadingCredit: { message: "Loading your credit…", comment: "Profile credit section: while it loads" },
  creditFailed: {
    message: "Your credit could not be loaded: {message}",
    comment: "Profile credit section: error; {message} is the reason",
  },
  toSpend: {
    message: "<0>{amount}</0> to spend",
    comment: "Profile credit section: the balance; <0> wraps the amount",
  },
  creditRules: {
    message:
      "Credit is taken off your next bookings by itself, the oldest first. Each grant is valid for a year from the day it was given; it is never paid out as cash.",
    comment: "Profile credit section: how credit works",
  },
  history: { message: "Credit history", comment: "Profile credit section: name of the list, read by screen readers" },
  validUntil: {
    message: " · valid until {day}",
    comment: "Profile credit history: after a grant (keep the leading ' · ')",
  },
  givenBack: {
    message: "Given back: {reason}",
    comment: "Profile credit history: credit returned (a cancelled booking); {reason} is the operator's words",
  },
  noCredit: { message: "You have no Mates credit yet.", comment: "Profile credit section: no credit" },
  lapsed: {
    message: "{amount} of “{reason}” lapsed on {day}.",
    comment: "Profile credit section: credit that expired unused; {reason} is the grant's reason",
  },
});
