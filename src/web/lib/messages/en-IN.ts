import { source } from "#domain/i18n/messages.ts";

/** What the API client says when a request fails before the server could answer in its own words. */
export const messages = source({
  networkError: {
    message: "Mates could not be reached. Check your connection and try again.",
    comment: "Any screen: a request failed because the phone is offline or the server could not be reached",
  },
  httpError: {
    message: "The server answered {status}. Please try again.",
    comment: "Any screen: the server failed without saying why; {status} is the HTTP status number",
  },
  invalidResponse: {
    message: "The server sent an answer this page cannot read.",
    comment: "Any screen: the server's answer did not have the expected shape (an old page after a release)",
  },
});
