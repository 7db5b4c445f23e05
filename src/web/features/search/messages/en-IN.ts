import { source } from "#domain/i18n/messages.ts";

/** The service search box in the header (and on the not-found pages). */
export const messages = source({
  label: { message: "Search services", comment: "Header search box: its label, read by screen readers" },
  region: { message: "Service search", comment: "Header search box: screen-reader name of the search region" },
  placeholder: {
    message: "Search for a service, e.g. plumber",
    comment: "Header search box: grey hint inside the empty box",
  },
  suggestions: { message: "Service suggestions", comment: "Search box: screen-reader name of the suggestion list" },
  loadFailed: {
    message: "Services could not be loaded. Please try again.",
    comment: "Search box: the services could not be loaded",
  },
  noMatch: { message: "No services match “{query}”.", comment: "Search box: nothing found; {query} is what was typed" },
  found: {
    message: "{count, plural, one {# service} other {# services}} found.",
    comment: "Search box: read by screen readers, how many suggestions are shown",
  },
});
