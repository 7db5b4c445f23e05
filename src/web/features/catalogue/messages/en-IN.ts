import { source } from "#domain/i18n/messages.ts";

/** The catalogue's listings: the home page's group tabs and service cards, the skills checklist. */
export const messages = source({
  fromPrice: { message: "from {price}", comment: "Service card and service page: the lowest price, e.g. 'from ₹499'" },
  groupsLabel: {
    message: "Service groups",
    comment: "Home page: screen-reader name of the Homekit / Nearkart / Renova tabs",
  },
  loadFailed: {
    message: "The services could not be loaded.",
    comment: "Home page: error box title when the services fail to load",
  },
  noServices: {
    message: "No {group} services are listed at the moment.",
    comment: "Home page: a group tab with no services; {group} is Homekit, Nearkart or Renova",
  },
  loadingServices: {
    message: "Loading services…",
    comment: "Application form and console: the skills list is loading",
  },
});
