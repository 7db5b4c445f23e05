import { MESSAGES } from "#domain/constants.ts";
import { source } from "#domain/i18n/messages.ts";

export const messages = source({
  // The /profile page.
  pageTitle: { message: "Your profile", comment: "/profile: the page's heading and the browser tab's title" },
  loadFailed: {
    message: "Your profile could not be loaded",
    comment: "/profile: error heading when the profile fails",
  },
  accountMenu: { message: "Account menu", comment: "/profile: button that shows the account side panel" },
  hideAccountMenu: { message: "Hide account menu", comment: "/profile: the same button while the panel shows" },
  stillSignedIn: {
    message: "You are still signed in: {message}",
    comment: "/profile: error under 'Sign out' when signing out failed; {message} is the reason",
  },
  needSomething: { message: "Need something fixed at home?", comment: "/profile: line at the bottom, before the link" },
  bookMate: { message: "Book a mate", comment: "/profile: link to the services on the home page" },
  // The account side panel.
  account: { message: "Account", comment: "/profile: name of the account side panel, read by screen readers" },
  accountDetails: {
    message: "Account details",
    comment: "/profile side panel: heading and form name of the details edit",
  },
  signOut: { message: "Sign out", comment: "/profile side panel: the sign-out button" },
  signingOut: { message: "Signing out...", comment: "/profile side panel: the sign-out button while it works" },
  fullName: { message: "Full Name", comment: "/profile: label of the name (edit field and details list)" },
  mobileNumber: {
    message: "Mobile Number",
    comment: "/profile: label of the mobile number (edit field and details list)",
  },
  mobileHint: {
    message: "10 digits, like 98200 12345",
    comment: "/profile side panel: hint under the mobile field (keep the example number)",
  },
  nothingToSave: {
    message: "Nothing to save: your details are as shown.",
    comment: "/profile side panel: after 'Save changes' with nothing changed",
  },
  detailsSaved: { message: "Your details are saved.", comment: "/profile side panel: after saving" },
  detailsNotSaved: {
    message: "Your details were not saved: {message}",
    comment: "/profile side panel: saving failed; {message} is the reason",
  },
  tryAgain: { message: "Please try again.", comment: "/profile: the reason shown when the server gave none" },
  saveChanges: { message: "Save changes", comment: "/profile side panel: the submit button of the details edit" },
  processing: { message: MESSAGES.processing, comment: "/profile side panel: the save button while it saves" },
  // The details list.
  yourDetails: { message: "Your details", comment: "/profile: heading of the list of account details" },
  notAddedYet: { message: "Not added yet", comment: "/profile details list: a name or mobile not given" },
  email: { message: "Email", comment: "/profile details list: label of the e-mail" },
  userId: { message: "User ID", comment: "/profile details list: label of the account's id" },
  role: { message: "Role", comment: "/profile details list: label of the account's role" },
  roleName: {
    message: "{role, select, mate {Mate} operator {Operator} other {Customer}}",
    comment: "/profile details list: the role's name (customer, mate or operator)",
  },
  memberSince: { message: "Member since", comment: "/profile details list: label of the date the account was made" },
  // Business details for GST invoices.
  businessTitle: { message: "Business details for GST invoices", comment: "/profile: heading of the business section" },
  businessLead: {
    message:
      "Booking for a business? Add its GSTIN and legal name: they go on your tax invoices so the business can claim input tax credit. You can change them for each booking.",
    comment: "/profile business section: the line under the heading",
  },
  businessLoadFailed: {
    message: "Your business details could not be loaded: {message}",
    comment: "/profile business section: error; {message} is the reason",
  },
  businessForm: {
    message: "Business details",
    comment: "/profile business section: form name, read by screen readers",
  },
  businessSaved: {
    message: "Your business details are saved. They will be offered when you book.",
    comment: "/profile business section: after saving",
  },
  businessNotSaved: {
    message: "Your business details were not saved: {message}",
    comment: "/profile business section: saving failed; {message} is the reason",
  },
  businessRemoved: {
    message: "Your business details are removed.",
    comment: "/profile business section: after removing",
  },
  businessNotRemoved: {
    message: "Your business details were not removed: {message}",
    comment: "/profile business section: removing failed; {message} is the reason",
  },
  saveBusiness: { message: "Save business details", comment: "/profile business section: the save button" },
  remove: { message: "Remove", comment: "/profile business section: button that removes the kept business" },
  gstinHint: {
    message: "15 characters, like 27AABCM1234F1ZX",
    comment: "Business fields: hint under GSTIN (keep the example)",
  },
  legalName: { message: "Business's legal name", comment: "Business fields: label of the business's legal name" },
  legalNameHint: { message: "As registered for GST", comment: "Business fields: hint under the legal name" },
  taxInvoice: { message: "Tax invoice", comment: "Booking payment step: heading of the business box" },
  invoiceBusiness: {
    message: "Invoice my business (GSTIN)",
    comment: "Booking payment step: checkbox to put a business on the tax invoice",
  },
  invoiceBusinessHint: {
    message: "The business's GSTIN and legal name go on the tax invoice, for input tax credit.",
    comment: "Booking payment step: the line under that checkbox",
  },
  // What is wrong with a business as typed (the server's rules, domain/gstin.ts).
  gstinEmpty: { message: "Enter the business's GSTIN.", comment: "Business fields: GSTIN left empty" },
  gstinLength: {
    message: "A GSTIN has 15 characters, like 27AABCM1234F1ZX.",
    comment: "Business fields: GSTIN of the wrong length (keep the example)",
  },
  gstinLayout: {
    message:
      "A GSTIN is 2 digits of state code, the 10-character PAN, a digit or letter, Z and a check character, like 27AABCM1234F1ZX.",
    comment: "Business fields: GSTIN not in the right layout (keep the example)",
  },
  gstinState: {
    message: "A GSTIN starts with a state code; {code} is not one.",
    comment: "Business fields: GSTIN's first two digits are no state; {code} is them",
  },
  gstinCheck: {
    message: "This GSTIN's last character does not match the rest: please check it for a typing mistake.",
    comment: "Business fields: GSTIN's check character is wrong",
  },
  legalNameEmpty: {
    message: "Enter the business's legal name, as registered for GST.",
    comment: "Business fields: legal name empty or too short",
  },
  legalNameLong: {
    message: "A business's name can be at most 120 characters.",
    comment: "Business fields: legal name too long",
  },
  nameNul: {
    message: "A name may not contain NUL characters.",
    comment: "Business fields: an invisible NUL character (rare)",
  },
});
