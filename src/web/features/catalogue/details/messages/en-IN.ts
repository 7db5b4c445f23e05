import { BOOKING_WINDOW_TEXT } from "#domain/booking-window.ts";
import { CART_LIMITS } from "#domain/cart.ts";
import { SERVICE_HOURS } from "#domain/constants.ts";
import { source } from "#domain/i18n/messages.ts";

const days = `${SERVICE_HOURS.days}, ${SERVICE_HOURS.opens} to ${SERVICE_HOURS.closes}`;
const hours = `${SERVICE_HOURS.opens} to ${SERVICE_HOURS.closes}`;

/** A service's page: options, what is included, the side column, how mates work and the FAQs. */
export const messages = source({
  breadcrumb: {
    message: "Breadcrumb",
    comment: "Service page: screen-reader name of the Home > group > service trail",
  },
  bookingInfo: { message: "Booking information", comment: "Service page: screen-reader name of the side column" },
  workingNow: { message: "Mates are working now.", comment: "Service page, service hours box: within the hours" },
  closedNow: {
    message: `Closed now. Mates start again at ${SERVICE_HOURS.opens}.`,
    comment: "Service page, service hours box: outside the hours",
  },
  bookByPhone: { message: "Book by phone", comment: "Service page, side column: heading of the phone box" },
  bookByPhoneText: {
    message: "Call our bookings line and tell us which option you want.",
    comment: "Service page, phone box: text",
  },
  callNumber: { message: "Call {number}", comment: "Service page, phone box: button; {number} is the phone number" },
  verifiedMates: { message: "Verified mates", comment: "Service page, side column: heading of the checks box" },
  verifiedText: {
    message:
      "Every mate's identity and background are checked before their first job, and each job is rated by the customer.",
    comment: "Service page, checks box: text",
  },
  optionsHeading: { message: "Options and prices", comment: "Service page: heading of the options list" },
  chooseOption: {
    message: "Choose an option of {service}",
    comment: "Service page: screen-reader name of the options; {service} is the service's name",
  },
  takesAbout: {
    message: "<0>Takes about </0>{duration}",
    comment: "Service page: how long an option takes; <0> is read only by screen readers",
  },
  minutes: { message: "{minutes} min", comment: "A duration in minutes, e.g. '45 min'" },
  hours: { message: "{hours} h", comment: "A duration in whole hours, e.g. '2 h'" },
  hoursMinutes: { message: "{hours} h {minutes} min", comment: "A duration, e.g. '2 h 30 min'" },
  days: { message: "{days, plural, one {# day} other {# days}}", comment: "A duration in days, e.g. '3 days'" },
  quantity: { message: "Quantity", comment: "Service page: label of the quantity menu" },
  bookNow: { message: "Book now", comment: "Service page: button that adds the option to the cart and starts booking" },
  itemsHeading: { message: "Items and prices", comment: "Nearkart page: heading of the list of shop items" },
  itemsNote: {
    message: "Printed MRP from the shop; change quantities in your cart.",
    comment: "Nearkart page: line under Items and prices",
  },
  add: { message: "Add", comment: "Nearkart page: button adding one item to the cart" },
  addItem: {
    message: "Add {item} to cart",
    comment: "Nearkart page: screen-reader name of the Add button; {item} is the item and its unit",
  },
  includedHeading: { message: "What's included", comment: "Service page: heading of what the price covers" },
  includedEmpty: {
    message: "The option you choose describes the work.",
    comment: "Service page: nothing listed as included",
  },
  excludedHeading: { message: "Not included", comment: "Service page: heading of what the price does not cover" },
  excludedEmpty: {
    message: "Nothing is left out of the options listed.",
    comment: "Service page: nothing listed as excluded",
  },
  howMatesWork: { message: "How a verified mate works", comment: "Service page: heading of the four points below" },
  stepVerifiedTitle: { message: "Verified before the first job", comment: "How a verified mate works, point 1: title" },
  stepVerifiedText: { message: "Government ID, address and a police background check.", comment: "Point 1: text" },
  stepPricesTitle: { message: "Trained and fixed prices", comment: "How a verified mate works, point 2: title" },
  stepPricesText: {
    message: "Each mate is trained for the work and charges the listed price, no more.",
    comment: "Point 2: text",
  },
  stepAssignedTitle: { message: "Assigned to your booking", comment: "How a verified mate works, point 3: title" },
  stepAssignedText: {
    message: "You see the mate's name, rating and jobs done before they arrive.",
    comment: "Point 3: text",
  },
  stepRatedTitle: { message: "Rated after every job", comment: "How a verified mate works, point 4: title" },
  stepRatedText: { message: "Your rating decides who gets the next booking.", comment: "Point 4: text" },
  faqHeading: { message: "Questions and answers", comment: "Service page: heading of the FAQs" },
  faqWhenQ: { message: "When can the mate come?", comment: "FAQ question (every group)" },
  faqWhenA: {
    message: `Any day, ${days}. You pick a 30-minute start time, ${BOOKING_WINDOW_TEXT}, and the booking ends by ${SERVICE_HOURS.closes}.`,
    comment: "FAQ answer to 'When can the mate come?'",
  },
  faqPayQ: { message: "How do I pay?", comment: "FAQ question (every group)" },
  faqPayA: {
    message:
      "After the service, in cash or by UPI to your mate. The price you see includes GST, and the mate carries a receipt.",
    comment: "FAQ answer to 'How do I pay?'",
  },
  faqCancelQ: { message: "Can I cancel?", comment: "FAQ question (Homekit and Renova)" },
  faqCancelA: {
    message:
      "Yes, free of charge until 3 hours before the start time, from your profile. Closer to the time, call us and we will sort it out.",
    comment: "FAQ answer to 'Can I cancel?'",
  },
  faqDeliveryQ: { message: "What does delivery cost?", comment: "FAQ question (Nearkart)" },
  faqDeliveryA: {
    message: `Nothing. Items cost the shop's printed MRP, and a mate brings them to your door the same day, in the slot you choose between ${hours}.`,
    comment: "FAQ answer to 'What does delivery cost?'",
  },
  faqStockQ: { message: "What if an item is out of stock?", comment: "FAQ question (Nearkart)" },
  faqStockA: {
    message: "The mate calls you before buying anything else, and you only pay for what arrives.",
    comment: "FAQ answer to 'What if an item is out of stock?'",
  },
  faqVisitQ: { message: "Do I need a site visit first?", comment: "FAQ question (Renova)" },
  faqVisitA: {
    message:
      "For anything larger than one room, yes: a free site visit gives you a measured, written quotation within 48 hours, with no obligation to book.",
    comment: "FAQ answer to 'Do I need a site visit first?'",
  },
  faqSupervisorQ: { message: "Who supervises the work?", comment: "FAQ question (Renova)" },
  faqSupervisorA: {
    message: "A Renova supervisor plans the job, checks each stage and signs it off with you before the team leaves.",
    comment: "FAQ answer to 'Who supervises the work?'",
  },
  faqToolsQ: { message: "Does the mate bring tools and materials?", comment: "FAQ question (Homekit)" },
  faqToolsA: {
    message:
      "Tools, machines and cleaning chemicals, yes. Spare parts are charged at printed MRP unless the option includes them, or you can keep your own ready.",
    comment: "FAQ answer to 'Does the mate bring tools and materials?'",
  },
  faqMoreQ: { message: "Can I book more than one?", comment: "FAQ question (Homekit)" },
  faqMoreA: {
    message: `Yes: choose a quantity of up to ${CART_LIMITS.maxQuantity} for an option, and add other services to the same cart.`,
    comment: "FAQ answer to 'Can I book more than one?'",
  },
});
