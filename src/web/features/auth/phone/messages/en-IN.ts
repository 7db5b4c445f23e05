import { source } from "#domain/i18n/messages.ts";
import { PHONE_SIGN_IN_ERRORS } from "#domain/phone-sign-in.ts";

/**
 * Signing in with a mobile number and a code by SMS (issue 41): the login popup's mobile number
 * step, the name asked once after a first sign-in, and the profile's "Mobile number for sign-in".
 * The errors' English is the API's own (domain/phone-sign-in.ts).
 */
export const messages = source({
  // The number.
  numberLabel: { message: "Mobile number", comment: "Mobile number step and profile: label of the number field" },
  numberHint: {
    message: "The 10 digits after +91, like 98200 12345",
    comment: "Under the mobile number field; +91 is shown fixed in the field (keep +91 and the example number)",
  },
  numberEmpty: { message: "Enter your mobile number", comment: "Under the mobile number field when it is empty" },
  sendCode: { message: "Send code", comment: "Mobile number step: button that sends a code by SMS to the number" },
  // The code.
  codeSentTo: {
    message: "We sent a code by SMS to {number}.",
    comment: "Code step: above the code field; {number} is the mobile number with +91, like +91 98200 12345",
  },
  codeLabel: { message: "Code from the SMS", comment: "Code step: label of the code field; also the form's name" },
  codeHint: {
    message: "{length} digits. It works for {minutes} minutes.",
    comment: "Code step: under the code field; {length} and {minutes} are numbers (6 and 5)",
  },
  codeEmpty: {
    message: "Enter the {length}-digit code from the SMS",
    comment: "Under the code field when it is empty or not 6 digits; {length} is a number (6)",
  },
  verify: { message: "Verify", comment: "Code step: button that checks the code" },
  resendIn: {
    message: "Resend code in {time}",
    comment: "Code step: countdown until a new code may be asked for; {time} is minutes:seconds, like 0:27",
  },
  resend: { message: "Resend code", comment: "Code step: button that sends a new code, once the countdown is over" },
  codeResent: { message: "We sent a new code.", comment: "Code step: said after 'Resend code' worked" },
  changeNumber: { message: "Change number", comment: "Code step: button back to the number field" },
  otherWays: {
    message: "Other ways to log in",
    comment: "Mobile number step: link back to the view it was opened from (e-mail, Google)",
  },
  // The API's errors, by its error code (the English is the server's own).
  invalid_phone_number: {
    message: PHONE_SIGN_IN_ERRORS.invalid_phone_number,
    comment: "Under the mobile number field: not 10 digits starting with 6, 7, 8 or 9",
  },
  sms_unavailable: {
    message: PHONE_SIGN_IN_ERRORS.sms_unavailable,
    comment: "Alert: the SMS provider could not send the code",
  },
  invalid_otp: { message: PHONE_SIGN_IN_ERRORS.invalid_otp, comment: "Alert: the code typed is wrong" },
  otp_expired: {
    message: PHONE_SIGN_IN_ERRORS.otp_expired,
    comment: "Alert: the code is older than 5 minutes",
  },
  otp_not_found: { message: PHONE_SIGN_IN_ERRORS.otp_not_found, comment: "Alert: no code was asked for this number" },
  too_many_attempts: {
    message: PHONE_SIGN_IN_ERRORS.too_many_attempts,
    comment: "Alert: three wrong codes; the code no longer works",
  },
  phone_number_taken: {
    message: PHONE_SIGN_IN_ERRORS.phone_number_taken,
    comment: "Profile alert: the number is already verified on another Mates account",
  },
  mate_phone_number: {
    message: PHONE_SIGN_IN_ERRORS.mate_phone_number,
    comment:
      "Alert: the number is a Mates professional's (a worker's), who signs in only through the SMS invitation the Mates team sends",
  },
  rateLimited: {
    message: "Too many tries for now. Please try again in {time}.",
    comment: "Alert when too many codes or checks were asked for; {time} is minutes:seconds, like 0:45",
  },
  // The name, asked once after the first sign-in with a new number.
  nameQuestion: {
    message: "What should we call you?",
    comment: "After the first sign-in with a mobile number: label of the full name field",
  },
  nameHint: {
    message: "Your full name, as your mates will know you",
    comment: "Under the name field asked after the first sign-in with a mobile number",
  },
  saveName: { message: "Continue", comment: "Button under 'What should we call you?' that saves the name" },
  nameNotSaved: {
    message: "Your name was not saved: {message}",
    comment: "Alert when saving the name failed; {message} is the reason",
  },
  // The profile's part.
  profileTitle: { message: "Mobile number for sign-in", comment: "Profile: heading of the mobile number part" },
  profileVerified: {
    message: "Verified. You can log in with this number and a code by SMS.",
    comment: "Profile: under the verified mobile number",
  },
  profileLead: {
    message: "Add your mobile number to log in with a code by SMS, without a password.",
    comment: "Profile: the line under the heading when the account has no verified number",
  },
  addNumber: { message: "Add mobile number", comment: "Profile: button that starts adding a number" },
  cancel: { message: "Cancel", comment: "Profile: button that stops adding a number" },
  numberAdded: {
    message: "Your number is verified. You can now log in with it.",
    comment: "Profile: said once a number was added and verified",
  },
});
