import { source } from "#domain/i18n/messages.ts";

/** The page shown when a page fails to render: start-up code, so its catalog is kept small. */
export const messages = source({
  errorTitle: {
    message: "Something went wrong",
    comment: "Page shown when a page fails to show: heading and tab title",
  },
  errorText: {
    message: "This page could not be shown. Reloading usually fixes it; if not, start again from the home page.",
    comment: "Page shown when a page fails to show: text",
  },
  errorDetails: { message: "Details: {detail}", comment: "Page shown when a page fails: the technical reason" },
  reload: { message: "Reload", comment: "Page shown when a page fails: button that reloads" },
  homePage: { message: "Home page", comment: "Page shown when a page fails: link to the home page" },
});
