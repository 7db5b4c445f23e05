import { source } from "#domain/i18n/messages.ts";

/**
 * The mail a mate gets when their payout details change (destinations.ts), in the language of
 * their account (record 069). Compiled by the server only.
 */
export const messages = source({
  changedSubject: { message: "Your payout details changed", comment: "Mate's mail: subject, payout details changed" },
  changedText: {
    message: "Where Mates pays you has just been changed in the mate app.",
    comment: "Mate's payout details mail: first paragraph",
  },
  paidTo: { message: "Paid to", comment: "Mate's payout details mail: row label, where the money goes" },
  bankAccount: {
    message: "Bank account {masked} ({ifsc})",
    comment: "Mate's payout details mail: the bank account's last digits and its IFSC",
  },
  upiId: { message: "UPI ID {masked}", comment: "Mate's payout details mail: the UPI ID, partly hidden" },
  heldUntil: {
    message: "Next payout waits until",
    comment: "Mate's payout details mail: row label, the time the next payout is held until",
  },
  notYou: {
    message: "If it wasn't you, call us at once: someone may have your sign-in. Your next payout is held meanwhile.",
    comment: "Mate's payout details mail: what to do if the mate did not change it",
  },
});
