import { ABOUT_ANCHORS } from "#domain/constants.ts";
import { source } from "#domain/i18n/messages.ts";

const anchor = (id: (typeof ABOUT_ANCHORS)[number]["id"]) =>
  ABOUT_ANCHORS.find((entry) => entry.id === id)?.label ?? id;

/** The footer's texts (it loads after the home page's own code), also used by the About page. */
export const messages = source({
  footerServices: { message: "Services", comment: "Footer: heading of the service group buttons" },
  footerCompany: { message: "Company", comment: "Footer: heading of the links to the About page" },
  workWithMates: { message: "Work with Mates", comment: "Footer link to the application form for professionals" },
  contactUs: { message: "Contact us", comment: "Footer: heading of the address, phones and e-mail" },
  followUs: { message: "Follow us", comment: "Footer: heading of the social media links" },
  opensInNewTab: { message: "(opens in a new tab)", comment: "Footer: read by screen readers after a social link" },
  phoneBookings: { message: "Bookings", comment: "Footer and About page: label of the bookings phone line" },
  phoneSupport: { message: "Support", comment: "Footer and About page: label of the support phone line" },
  phoneJoin: {
    message: "Join as a mate",
    comment: "Footer and About page: label of the phone line for joining as a mate",
  },
  anchorAbout: { message: anchor("about"), comment: "About page section and footer link: about the company" },
  anchorHow: { message: anchor("how-it-works"), comment: "About page section and footer link: how booking works" },
  anchorPricing: { message: anchor("pricing"), comment: "About page section and footer link: pricing" },
  anchorCareers: { message: anchor("carriers"), comment: "About page section and footer link: working with Mates" },
  anchorSupport: { message: anchor("support"), comment: "About page section and footer link: customer support" },
  anchorTerms: { message: anchor("terms"), comment: "About page section and footer link: terms of service" },
  anchorPrivacy: { message: anchor("privacy"), comment: "About page section and footer link: privacy policy" },
});
