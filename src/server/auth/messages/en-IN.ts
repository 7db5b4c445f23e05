import { source } from "#domain/i18n/messages.ts";

/**
 * The sign-in mails to customers and mates (auth/mails.ts): the password reset and the mate's
 * invitation, in the language of the account (record 069). Compiled by the server only. The
 * operator's invitation stays English.
 */
export const messages = source({
  resetSubject: { message: "Reset your Mates password", comment: "Password reset mail: subject" },
  resetAsk: {
    message:
      "Someone asked to reset the password of your Mates account. If it was you, open this link within one hour to choose a new password:",
    comment: "Password reset mail: first paragraph, before the button",
  },
  resetButton: { message: "Choose a new password", comment: "Password reset mail: button" },
  resetOnce: {
    message: "The link works once. If you did not ask for this, ignore this email: your password stays as it is.",
    comment: "Password reset mail: after the button",
  },
  inviteSubject: { message: "Your Mates professional account", comment: "Mate's invitation mail: subject" },
  inviteIntro: {
    message: "Welcome to Mates. Your verified mate account is ready.",
    comment: "Mate's invitation mail: first paragraph",
  },
  inviteAsk: {
    message: "Open this link within {days} days to choose your password for the Mates app:",
    comment: "Mate's invitation mail: before the button, how many days the link works",
  },
  inviteButton: { message: "Choose your password", comment: "Mate's invitation mail: button" },
  inviteAfter: {
    message: "Then log in with this e-mail address and your password; your jobs are at {link}",
    comment: "Mate's invitation mail: after the button, {link} is the address of the mate app",
  },
  inviteOnce: {
    message: "The link works once. If you were not expecting this, ignore this email.",
    comment: "Mate's invitation mail: the last paragraph",
  },
});
