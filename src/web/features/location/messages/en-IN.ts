import { MESSAGES } from "#domain/constants.ts";
import { source } from "#domain/i18n/messages.ts";

/** The location picker, the place search and the "Service not available" popup. */
export const messages = source({
  chooseTitle: { message: "Choose your location", comment: "Location picker: title of the dialog" },
  close: { message: "Close", comment: "Location picker: screen-reader name of the close (X) button" },
  chooseText: {
    message: "Mates sends verified mates to the areas listed below. Search for yours or let the browser find it.",
    comment: "Location picker: text under the title",
  },
  searchArea: { message: "Search for your area", comment: "Location picker: label of the place search box" },
  useCurrent: {
    message: "Use current location",
    comment: "Location picker: button that asks the browser for the location",
  },
  areasWeServe: { message: "Areas we serve", comment: "Location picker: heading of the list of served areas" },
  typeMore: {
    message: "Type at least {count} letters to search.",
    comment: "Place search: fewer letters typed than needed; {count} is a number (3)",
  },
  noPlaces: {
    message: "No places match “{query}”.",
    comment: "Place search: nothing found; {query} is what was typed",
  },
  placesFound: {
    message: "{count, plural, one {# place} other {# places}} found.",
    comment: "Place search: how many places are suggested",
  },
  placeholder: { message: "e.g. Kandivali West, Mira Road", comment: "Place search: grey hint inside the empty box" },
  suggestions: { message: "Place suggestions", comment: "Place search: screen-reader name of the suggestion list" },
  unavailableTitle: {
    message: MESSAGES.serviceUnavailableTitle,
    comment: "Popup when the customer's city is not served: title",
  },
  unavailableText: {
    message: MESSAGES.serviceUnavailableText("{city}"),
    comment: "Popup when the city is not served: {city} is the city's name",
  },
  servedSummary: {
    message: `${MESSAGES.servedAreasSummary} Choose one of them as your location to book.`,
    comment: "Popup when the city is not served: where Mates works",
  },
  ok: { message: "OK", comment: "Popup when the city is not served: button that closes it" },
});
