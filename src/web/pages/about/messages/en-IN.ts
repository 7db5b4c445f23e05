import { BOOKING_WINDOW_TEXT } from "#domain/booking-window.ts";
import { SERVICE_HOURS, TAGLINE } from "#domain/constants.ts";
import { source } from "#domain/i18n/messages.ts";
import { PUBLIC_PAGE_META } from "#domain/page-meta-public.ts";

/** /about: every section under the spec's anchors (their headings are the shell's, shared with the footer). */
export const messages = source({
  metaTitle: { message: PUBLIC_PAGE_META.about.title, comment: "About page: tab title" },
  metaDescription: {
    message: PUBLIC_PAGE_META.about.description,
    comment: "About page: description for search results",
  },
  heading: { message: "About Mates", comment: "About page: main heading" },
  onThisPage: { message: "On this page", comment: "About page: screen-reader name of the list of sections" },
  aboutIntro: {
    message: `Mates is a home-services company in Mumbai. We connect households with verified professionals, whom we call mates, for cleaning, repairs, errands from nearby shops and renovation. ${TAGLINE}.`,
    comment: "About us section: first paragraph; ends with the tagline",
  },
  aboutAreas: { message: "We work in {areas}.", comment: "About us section: {areas} is the list of served areas" },
  how1: {
    message: "Choose a service and the option you need; each shows its price and about how long it takes.",
    comment: "How it works section: step 1",
  },
  how2: {
    message: `Give the address where the mate should come, and pick a start time, ${BOOKING_WINDOW_TEXT}.`,
    comment: "How it works section: step 2",
  },
  how3: {
    message: "Confirm the booking. You pay after the service, in cash or by UPI to your mate.",
    comment: "How it works section: step 3",
  },
  how4: {
    message: "We assign a verified mate to your booking and show you who is coming, live.",
    comment: "How it works section: step 4",
  },
  how5: {
    message: "Cancel free of charge until 3 hours before the start, from your profile.",
    comment: "How it works section: step 5",
  },
  pricing1: {
    message:
      "Every service lists its options with a fixed price in rupees and an estimated time. The price of the option you book is the price of that work. If the mate finds that more is needed, they tell you the cost first and nothing extra is done unless you agree.",
    comment: "Pricing section: first paragraph",
  },
  pricing2: {
    message:
      "Spare parts and materials are only included where a service says so; otherwise they are charged at printed MRP, or you can supply your own. Nearkart items cost the shop's printed MRP, delivered free the same day. Larger Renova jobs start with a free site visit and a written quotation. Prices include GST.",
    comment: "Pricing section: second paragraph",
  },
  careers1: {
    message:
      "Are you a plumber, electrician, carpenter, painter, cleaner or delivery rider? If you work in the areas we serve, you can join Mates and take bookings there.",
    comment: "Careers section: first paragraph, to professionals",
  },
  careers2: {
    message:
      "Before a first job, every mate has their ID verified, passes a background check and is trained for the work. <0>Apply to work with Mates</0> with your identity document and address proof.",
    comment: "Careers section: <0> is a link to the application form",
  },
  careersCall: {
    message: "Or call <0>{number}</0> to join, {hours}.",
    comment: "Careers section: {number} is the phone number (a link), {hours} the service hours",
  },
  supportHours: {
    message: "We answer calls and e-mails {hours}.",
    comment: "Support section: {hours} is the service hours",
  },
  lateQ: { message: "The mate is late or has not come. What do I do?", comment: "Support section: question" },
  lateA: {
    message:
      "Call the support line below with your booking. If the mate cannot make it, we send another or move the booking to a time you choose.",
    comment: "Support section: answer to 'The mate is late'",
  },
  wrongQ: { message: "Something is wrong with the work.", comment: "Support section: question" },
  wrongA: {
    message: "Tell us within 7 days. A mate comes back to fix it at no charge when the fault is in the work we did.",
    comment: "Support section: answer to 'Something is wrong with the work'",
  },
  changeQ: { message: "How do I change or cancel a booking?", comment: "Support section: question" },
  changeA: {
    message:
      "Cancel it from your profile, free until 3 hours before the start time, and book the new time. Later than that, call us.",
    comment: "Support section: answer to 'How do I change or cancel a booking?'",
  },
  safeQ: { message: "Is my payment safe?", comment: "Support section: question" },
  safeA: {
    message:
      "You pay only after the service, to the mate, in cash or by UPI, against a receipt. No card details are taken.",
    comment: "Support section: answer to 'Is my payment safe?'",
  },
  email: { message: "E-mail", comment: "Support section: label before the e-mail address" },
  terms1: {
    message: `Mates work in the areas we serve, every day between ${SERVICE_HOURS.opens} and ${SERVICE_HOURS.closes}.`,
    comment: "Terms section: point 1 (Mates here are the professionals)",
  },
  terms2: {
    message: "A booking covers the option you chose, at the price shown when you booked.",
    comment: "Terms section: point 2",
  },
  terms3: {
    message: "Work beyond that option is quoted to you first and only done if you agree.",
    comment: "Terms section: point 3",
  },
  terms4: {
    message: "Please make sure someone is at home to let the mate in and to check the work when it is done.",
    comment: "Terms section: point 4",
  },
  terms5: {
    message: "If something is wrong with a job, contact support and we will look into it with you.",
    comment: "Terms section: point 5",
  },
  privacyIntro: {
    message: "We keep what we need to run your bookings, and nothing more:",
    comment: "Privacy section: intro",
  },
  privacyAccount: {
    message:
      "Your account record: full name, e-mail address, the mobile number you gave at sign-up, your Google picture if you signed in with Google, your user ID, your role (customer) and when you joined.",
    comment: "Privacy section: point 1",
  },
  privacyLocation: {
    message:
      'Your location only as the name of a locality, such as "Kandivali", kept in your own browser. To find that name we look up the point your browser gives us; we keep the answer for the area, never your position or who asked.',
    comment: "Privacy section: point 2",
  },
  privacyBookings: {
    message: "Your cart, the addresses you save for bookings, and your bookings.",
    comment: "Privacy section: point 3",
  },
  privacyMate: {
    message:
      "The mate assigned to a booking sees only what the job needs: your name, the address and a phone number. We do not sell your data and show no advertising.",
    comment: "Privacy section: paragraph after the points",
  },
  privacyDelete: {
    message:
      'To delete your account, write from its e-mail address to <0>{email}</0> with the subject "Delete my account": we delete the record, cart and saved addresses within 7 days and keep past bookings only as long as tax law requires.',
    comment: "Privacy section: last paragraph; <0> is the e-mail address (a link). Keep the subject in English",
  },
});
