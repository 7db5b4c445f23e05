import { source } from "#domain/i18n/messages.ts";

/** The application form at /join and its page. */
export const messages = source({
  pageTitle: { message: "Work with Mates", comment: "/join: the page's heading" },
  pageIntro: {
    message:
      "Plumbers, electricians, carpenters, painters, cleaners: apply once, get verified, and take bookings near home.",
    comment: "/join: under the heading",
  },
  promiseHours: {
    message: "Choose your own working hours and days off in the Mates app.",
    comment: "/join: first promise in the list",
  },
  promisePay: {
    message: "Jobs near your home, paid on the day by the customer, in cash or UPI.",
    comment: "/join: second promise in the list",
  },
  promiseVerified: {
    message: "Verified once: customers see your name, rating and since when you are verified.",
    comment: "/join: third promise in the list",
  },
  tooManyFiles: {
    message: "Add at most {max} files in all.",
    comment: "/join: error under a document, too many files",
  },
  wrongFile: { message: "{name} is not a JPEG, PNG or PDF file.", comment: "/join: error, {name} is the file's name" },
  bigFile: { message: "{name} is larger than {mb} MB.", comment: "/join: error, the file is too large" },
  identity: { message: "Identity document", comment: "/join: label of the identity document upload" },
  address: { message: "Address proof", comment: "/join: label of the address proof upload" },
  identityHint: {
    message: "Aadhaar, PAN, voter ID, passport or driving licence.",
    comment: "/join: which documents prove identity",
  },
  addressHint: {
    message: "A utility bill, rent agreement or bank statement.",
    comment: "/join: which documents prove the address",
  },
  fileHint: {
    message: "A photo or PDF, up to {mb} MB; several pages allowed.",
    comment: "/join: after the document hint (a space before it)",
  },
  fileSize: { message: "{name} ({kb} KB)", comment: "/join: a chosen file and its size" },
  addIdentity: { message: "Add your identity document.", comment: "/join: error, no identity document" },
  addAddress: { message: "Add your address proof.", comment: "/join: error, no address proof" },
  received: { message: "Application received", comment: "/join: heading after sending" },
  receivedText: {
    message:
      "Thank you, {name}. Our operations team checks your documents by hand and asks for a police verification. We have sent a confirmation to {email} and will write there with the decision.",
    comment: "/join: after sending; {name} is the first name",
  },
  reference: { message: "Your reference: {id}", comment: "/join: after sending, the application's number" },
  chooseLocality: {
    message: "Choose your locality from the suggestions.",
    comment: "/join: error, a locality typed but not chosen",
  },
  checkField: {
    message: "Please check this.",
    comment: "/join: error under a field the form refused (Hindi/Marathi only; English shows the rule)",
  },
  form: { message: "Application", comment: "/join: name of the form (screen readers)" },
  fullName: { message: "Full name", comment: "/join: field label" },
  mobile: { message: "Mobile", comment: "/join: field label, mobile number" },
  email: { message: "E-mail", comment: "/join: field label" },
  years: { message: "Years of experience", comment: "/join: field label" },
  locality: { message: "Home locality", comment: "/join: field label, the area where the applicant lives" },
  skills: { message: "Skills", comment: "/join: heading of the services checklist" },
  skillsHint: {
    message: "The services you do well. An operator confirms them with you.",
    comment: "/join: under 'Skills'",
  },
  sending: { message: "Sending…", comment: "/join: the button while sending" },
  send: { message: "Send application", comment: "/join: the send button" },
});
