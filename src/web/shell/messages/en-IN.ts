import { MESSAGES, SERVICE_HOURS, TAGLINE } from "#domain/constants.ts";
import { source } from "#domain/i18n/messages.ts";
import { SITE_DESCRIPTION } from "#domain/page-meta.ts";

/** The shell's texts (header, menu, states every page uses): loaded at start-up, so kept short. */
export const messages = source({
  tagline: { message: TAGLINE, comment: "The brand's tagline: the home page's heading and tab title, the footer" },
  siteDescription: {
    message: SITE_DESCRIPTION,
    comment: "Description of a page that has none of its own, for search results and shares",
  },
  brandHome: { message: "Mates home", comment: "Header: screen-reader name of the logo, a link to the home page" },
  mainNav: { message: "Main", comment: "Header and mobile menu: screen-reader name of the main navigation" },
  navHome: { message: "Home", comment: "Header link to the home page; also the breadcrumb's first step" },
  navBook: { message: "Book-a-Mate", comment: "Header link to the services section of the home page" },
  navContact: { message: "Contact", comment: "Header link to the contact details in the footer" },
  navMyJobs: { message: "My jobs", comment: "Header link for a signed-in mate, to their jobs (the mate app)" },
  navConsole: { message: "Console", comment: "Header link for a signed-in operator, to the operators' console" },
  menu: { message: "Menu", comment: "Mobile header: the button that opens the menu, and the menu's name" },
  closeMenu: { message: "Close menu", comment: "Mobile menu: screen-reader name of the close (X) button" },
  menuDescription: {
    message: "Go to a part of Mates or log in.",
    comment: "Mobile menu: description read by screen readers when it opens",
  },
  login: { message: "Login", comment: "Header button that opens the login popup" },
  profile: { message: "Profile", comment: "Header: screen-reader name of the profile icon of a signed-in person" },
  cart: {
    message: "Cart, {count, plural, one {# item} other {# items}}",
    comment: "Header: screen-reader name of the cart icon, with the number of items in the cart",
  },
  location: { message: "Location", comment: "Header: small label above the chosen city on the location button" },
  locationDetecting: {
    message: MESSAGES.locationDetecting,
    comment: "Header location button while the city is being found",
  },
  locationUnable: {
    message: MESSAGES.locationUnableToFetch,
    comment: "Header location button when the city could not be found",
  },
  locationDenied: {
    message: MESSAGES.locationDenied,
    comment: "Header location button when the browser refused the location",
  },
  locationUnsupported: {
    message: MESSAGES.locationUnsupported,
    comment: "Header location button when the browser cannot give a location",
  },
  skipToContent: { message: "Skip to content", comment: "First link for keyboard users: jumps to the page's content" },
  loading: { message: MESSAGES.loading, comment: "Shown while a page or a list loads" },
  tryAgain: { message: "Try again", comment: "Button of an error box that retries loading" },
  errorGeneric: {
    message: "Something went wrong. Please try again.",
    comment: "Error shown when something failed and there is no better explanation",
  },
  free: { message: "Free", comment: "Price of something that costs nothing (an option, a site visit, a package line)" },
  backHome: { message: "Back to home", comment: "Link at the bottom of simple pages, to the home page" },
  showPassword: {
    message: "Show<0> password</0>",
    comment: "Password fields: button that shows what was typed; <0> is read only by screen readers",
  },
  hidePassword: {
    message: "Hide<0> password</0>",
    comment: "Password fields: button that hides what was typed; <0> is read only by screen readers",
  },
  serviceHoursHeading: {
    message: "Service hours",
    comment: "Heading above the service hours (footer, home, service page)",
  },
  serviceHours: {
    message: `${SERVICE_HOURS.days}, ${SERVICE_HOURS.opens} to ${SERVICE_HOURS.closes}`,
    comment: "The service hours: days and times the mates work",
  },
  summaryHomekit: {
    message: "Cleaning, repairs and appliance care by mates who come to your home.",
    comment: "One line describing the Homekit group (home page and its service pages)",
  },
  summaryNearkart: {
    message: "Errands from shops near you: a mate buys what you need and brings it to your door.",
    comment: "One line describing the Nearkart group (home page and its service pages)",
  },
  summaryRenova: {
    message: "Painting, waterproofing, kitchens and full renovations, from site visit to hand-over.",
    comment: "One line describing the Renova group (home page and its service pages)",
  },
});
