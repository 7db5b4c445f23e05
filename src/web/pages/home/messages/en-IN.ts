import { source } from "#domain/i18n/messages.ts";

/** The home page: the hero, the services section and the sections below it. */
export const messages = source({
  heroEyebrow: { message: "Verified home services", comment: "Home hero: small line above the tagline" },
  heroLead: {
    message:
      "Book a verified mate for cleaning, repairs, errands and renovation. Every option shows its price and how long it takes before you book.",
    comment: "Home hero: the paragraph under the tagline",
  },
  bookMate: { message: "Book a mate", comment: "Home hero: main button, goes to the services" },
  howItWorks: { message: "How it works", comment: "Home hero button and the heading of the how-it-works section" },
  areasWeServe: { message: "Areas we serve", comment: "Home hero: label above the list of served areas" },
  servicesHeading: { message: "Services", comment: "Home page: heading of the services section" },
  servicesLead: { message: "Choose a group, then the service you need.", comment: "Home page: line under Services" },
});
