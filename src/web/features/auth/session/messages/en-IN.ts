import { MESSAGES } from "#domain/constants.ts";
import { source } from "#domain/i18n/messages.ts";

/** The few texts of the session that loads on every page (kept apart from the login popup's catalog). */
export const messages = source({
  welcomeBack: {
    message: MESSAGES.welcomeBack("{name}"),
    comment: "Toast after signing in, once per browser session; {name} is the person's name or e-mail",
  },
  welcomeBackNoName: {
    message: MESSAGES.welcomeBack(""),
    comment: "The same toast for someone with no name yet (an operator invited by e-mail)",
  },
  sessionNotStarted: {
    message: "The session could not be started. Please try again.",
    comment: "Reason after 'Login failed: ' (or Google's) when the server set no session",
  },
});
