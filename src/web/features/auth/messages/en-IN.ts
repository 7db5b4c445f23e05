import { MESSAGES } from "#domain/constants.ts";
import { source } from "#domain/i18n/messages.ts";

export const messages = source({
  // The login popup: titles and the line under them.
  loginTitle: { message: "Log in to Mates", comment: "Login popup: title of the login view" },
  loginDescription: {
    message: "Book verified home-service professionals and follow your bookings.",
    comment: "Login popup: the line under the login view's title",
  },
  resetTitle: {
    message: "Reset your password",
    comment: "Login popup: title of the forgot-password view; also the title of the /reset-password page",
  },
  resetDescription: {
    message: "Enter the email of your Mates account and we will send you a reset link.",
    comment: "Login popup: the line under the forgot-password view's title",
  },
  signupTitle: { message: "Create your Mates account", comment: "Login popup: title of the sign-up view" },
  signupDescription: {
    message: "All four fields are needed to book a mate.",
    comment: "Login popup: the line under the sign-up view's title",
  },
  close: { message: "Close", comment: "Login popup: the close button (an X), read by screen readers" },
  cancel: { message: "Cancel", comment: "Login popup: button under 'Processing...' that stops the Google sign-in" },
  googleHint: {
    message: "Finish signing in in the Google window. Closing that window cancels.",
    comment: "Login popup: shown under 'Processing...' while the Google window is open",
  },
  googleWindowTitle: {
    message: "Google sign-in · Mates",
    comment: "Title of the small Google sign-in window while it opens (browser tab title)",
  },
  googleWindowOpening: {
    message: "Opening Google sign-in…",
    comment: "The text in the small Google sign-in window while it opens",
  },
  // The views' fields and buttons.
  login: {
    message: "Login",
    comment: "Login view: the submit button and the form's name; link back to login in sign-up; button after a reset",
  },
  email: { message: "Email", comment: "Login, sign-up and forgot-password views: label of the e-mail field" },
  password: { message: "Password", comment: "Login and sign-up views: label of the password field" },
  forgotPassword: {
    message: "Forgot Password",
    comment: "Login view: the link to the forgot-password view; the name of that view's form",
  },
  or: { message: "or", comment: "Login and sign-up views: between the form and the Google button" },
  signInGoogle: { message: "Sign in with Google", comment: "Login view: the Google button" },
  newToMates: { message: "New to Mates?", comment: "Login view: before the 'Create account' link" },
  createAccount: {
    message: "Create account",
    comment: "Login view: the link to the sign-up view; the name of the sign-up form",
  },
  fullName: { message: "Full Name", comment: "Sign-up view: label of the name field" },
  mobileNumber: { message: "Mobile Number", comment: "Sign-up view: label of the mobile number field" },
  mobileHint: {
    message: "10 digits, like 98200 12345",
    comment: "Sign-up view: hint under the mobile number field (keep the example number)",
  },
  passwordHint: {
    message: "At least {min} characters",
    comment: "Sign-up and new-password forms: hint under the password field; {min} is a number",
  },
  submit: { message: "Submit", comment: "Sign-up view: the submit button" },
  signUpGoogle: { message: "Sign up with Google", comment: "Sign-up view: the Google button" },
  haveAccount: { message: "Already have an account?", comment: "Sign-up view: before the 'Login' link" },
  // Issue 41: signing in with a mobile number and a code by SMS, a step of its own in the popup.
  continueWithMobile: {
    message: "Continue with mobile number",
    comment: "Login and sign-up views: button under the Google button that opens the mobile number step",
  },
  phoneTitle: {
    message: "Continue with your mobile number",
    comment: "Login popup: title of the mobile number step (number, then the code from the SMS)",
  },
  phoneDescription: {
    message: "We send a 6-digit code to your phone by SMS. No password needed.",
    comment: "Login popup: the line under the mobile number step's title",
  },
  resetHint: {
    message: "We will mail a link to choose a new password. It works for one hour.",
    comment: "Forgot-password view: hint under the e-mail field",
  },
  sendReset: { message: "Send Reset Email", comment: "Forgot-password view: the submit button" },
  backToLogin: { message: "Back to Login", comment: "Forgot-password view: the link back to the login view" },
  // The specification's alerts and status (spec §2, §5, §8): the English stays exactly as written.
  processing: { message: MESSAGES.processing, comment: "Login popup and password forms: shown while a request runs" },
  enterEmail: { message: MESSAGES.enterEmail, comment: "Alert when 'Send Reset Email' is pressed with no e-mail" },
  loginFailed: {
    message: MESSAGES.loginFailed("{message}"),
    comment: "Alert when logging in fails; {message} is the reason (often from the server, in English)",
  },
  signupFailed: {
    message: MESSAGES.signupFailed("{message}"),
    comment: "Alert when signing up fails; {message} is the reason",
  },
  googleFailed: {
    message: MESSAGES.googleFailed("{message}"),
    comment: "Alert when Google sign-in fails; {message} is the reason",
  },
  resetSent: { message: MESSAGES.resetSent, comment: "Alert after the password reset mail was sent" },
  resetFailed: {
    message: MESSAGES.resetFailed("{message}"),
    comment: "Alert when the reset mail could not be sent; {message} is the reason",
  },
  // Why Google did not sign the person in (after "Google login failed: ").
  googleCancelled: { message: "You cancelled Google sign-in.", comment: "Google sign-in failure reason: cancelled" },
  googlePopupBlocked: {
    message: "Your browser blocked the Google sign-in window. Allow pop-ups for Mates and try again.",
    comment: "Google sign-in failure reason: the browser blocked the window",
  },
  googleNotLinked: {
    message: "This email already has a Mates account. Log in with your email and password.",
    comment: "Google sign-in failure reason: the e-mail has a password account",
  },
  googleNoEmail: {
    message: "Google did not share an email address for this account.",
    comment: "Google sign-in failure reason: no e-mail from Google",
  },
  googleNotConfigured: {
    message: "Google sign-in is not set up for Mates yet. Log in with your email and password.",
    comment: "Under the Google button when this site has no Google sign-in; also a failure reason",
  },
  googleOther: {
    message: "Google did not sign you in. Please try again.",
    comment: "Google sign-in failure reason: anything else",
  },
  // Field checks, shown under the field.
  emailEmpty: { message: "Enter your email address", comment: "Under the e-mail field when it is empty" },
  emailInvalid: {
    message: "Enter a valid email address, like name@example.com",
    comment: "Under the e-mail field when it is not an address (keep the example address)",
  },
  passwordEmpty: { message: "Enter your password", comment: "Login view: under the password field when empty" },
  newPasswordEmpty: { message: "Enter a password", comment: "Sign-up and new-password forms: password empty" },
  passwordShort: {
    message: "Password must be at least {min} characters",
    comment: "Under a new password that is too short; {min} is a number",
  },
  passwordLong: {
    message: "Password must be at most {max} characters",
    comment: "Under a new password that is too long; {max} is a number",
  },
  nameEmpty: { message: "Enter your full name", comment: "Under the name field when it is empty" },
  nameLong: {
    message: "A name can be at most {nameMax} characters",
    comment: "Under the name field when it is too long; {nameMax} is a number",
  },
  nameNul: {
    message: "A name may not contain NUL characters",
    comment: "Under the name field when it has an invisible NUL character (rare)",
  },
  mobileEmpty: { message: "Enter your mobile number", comment: "Under the mobile field when it is empty" },
  mobileInvalid: {
    message: "Enter a 10-digit Indian mobile number",
    comment: "Under the mobile field when it is not an Indian mobile number",
  },
  passwordsDiffer: {
    message: "The two passwords are not the same",
    comment: "New-password form: under 'Confirm new password' when it differs",
  },
  // The /reset-password page: a new password from the reset mail, or an invited mate's first one.
  welcomeTitle: {
    message: "Welcome to Mates",
    comment: "/reset-password?invite=1 page title: an invited mate or operator",
  },
  invitationLead: {
    message: "Choose the password for your Mates professional account; then log in to see your jobs.",
    comment: "/reset-password?invite=1: the line under the title",
  },
  resetLead: {
    message: "Choose a new password for your Mates account.",
    comment: "/reset-password: the line under the title",
  },
  invalidInvitationTitle: {
    message: "This invitation link is invalid or has expired",
    comment: "Invitation page: heading when the link cannot be used",
  },
  invalidResetTitle: {
    message: "This reset link is invalid or has expired",
    comment: "Reset page: heading when the link cannot be used",
  },
  invalidInvitationText: {
    message:
      "An invitation link works once, within {days} days of being sent. Ask for a new link with the e-mail address it was sent to and we will mail it to you.",
    comment: "Invitation page: under the invalid-link heading; {days} is a number",
  },
  invalidResetText: {
    message: "A reset link works once, within one hour of being sent. Ask for a new one and we will mail it to you.",
    comment: "Reset page: under the invalid-link heading",
  },
  requestNewLink: {
    message: "Request a new link",
    comment: "Reset and invitation pages: button that opens 'Forgot Password'",
  },
  passwordSetTitle: { message: "Your password is set", comment: "Invitation page: heading once the password is set" },
  passwordChangedTitle: {
    message: "Your password is changed",
    comment: "Reset page: heading once the password is changed",
  },
  passwordSetText: {
    message: "Log in with it to see your jobs.",
    comment: "Invitation page: under 'Your password is set'",
  },
  passwordChangedText: {
    message: "Log in with your new password. For your safety, Mates has signed this account out everywhere.",
    comment: "Reset page: under 'Your password is changed'",
  },
  newPasswordForm: {
    message: "Choose a new password",
    comment: "Reset and invitation pages: the form's name, read by screen readers",
  },
  yourName: { message: "Your name", comment: "Invitation page: label of the name field" },
  yourNameHint: { message: "How Mates greets you", comment: "Invitation page: hint under the name field" },
  newPassword: { message: "New password", comment: "Reset and invitation pages: label of the password field" },
  confirmPassword: {
    message: "Confirm new password",
    comment: "Reset and invitation pages: label of the second password field",
  },
  notChanged: {
    message: "Your password was not changed: {message}",
    comment: "Reset and invitation pages: error box; {message} is the reason (often from the server, in English)",
  },
  setPassword: { message: "Set password", comment: "Invitation page: the submit button" },
  setNewPassword: { message: "Set new password", comment: "Reset page: the submit button" },
});
