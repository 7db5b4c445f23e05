import { source } from "#domain/i18n/messages.ts";

/** The page a mate's SMS invitation opens (/mate/join, issue 41): a code by SMS signs them in. */
export const messages = source({
  title: { message: "Welcome to Mates", comment: "Mate's SMS invitation page: heading and browser tab title" },
  lead: {
    message: "Sign in with your mobile number: no password needed.",
    comment: "Mate's SMS invitation page: the line under the heading",
  },
  greeting: {
    message: "Hello {name}. We will send a 6-digit code by SMS to {number}.",
    comment:
      "Mate's SMS invitation page: {name} is the mate's name, {number} their masked mobile number (+91 ••••• ••603)",
  },
  sendCode: { message: "Send me a code", comment: "Mate's SMS invitation page: button that sends the code by SMS" },
  codeSent: {
    message: "We sent a code to {number}. It is valid for 5 minutes.",
    comment: "Mate's SMS invitation page: after the code was sent; {number} is the masked mobile number",
  },
  codeLabel: { message: "Code from the SMS", comment: "Mate's SMS invitation page: label of the 6-digit code field" },
  signIn: { message: "Sign in", comment: "Mate's SMS invitation page: button that checks the code and signs in" },
  resend: { message: "Send a new code", comment: "Mate's SMS invitation page: button asking for another code" },
  wholeCode: { message: "Enter the 6 digits of the code.", comment: "Mate's SMS invitation page: code too short" },
  invalidLink: {
    message: "This invitation link is invalid, used or expired. Ask the Mates team for a new one.",
    comment: "Mate's SMS invitation page: the link cannot be used",
  },
  usedLinkHint: {
    message: "Already signed in once? Log in with your mobile number from the Mates app.",
    comment: "Mate's SMS invitation page: under the invalid link message",
  },
  wrongCode: {
    message: "That code is not right. Check the SMS and try again.",
    comment: "Mate's SMS invitation page: wrong code",
  },
  expiredCode: {
    message: "This code has expired. Ask for a new one.",
    comment: "Mate's SMS invitation page: the code is older than 5 minutes",
  },
  noCode: { message: "Ask for a code first.", comment: "Mate's SMS invitation page: no code is waiting" },
  tooManyTries: {
    message: "Too many wrong tries. Ask for a new code.",
    comment: "Mate's SMS invitation page: 3 wrong codes",
  },
  tooSoon: {
    message: "Please wait a little before asking again.",
    comment: "Mate's SMS invitation page: asked for codes too often",
  },
  smsUnavailable: {
    message: "We could not send the code. Please try again.",
    comment: "Mate's SMS invitation page: the SMS provider failed",
  },
  disabled: {
    message: "This account is disabled. Please write to the Mates support team.",
    comment: "Mate's SMS invitation page: the account is disabled",
  },
});
