import { source } from "#domain/i18n/messages.ts";

/** The app's own pages around the catalogue: not found, a page that failed, a service page's states, role frames. */
export const messages = source({
  notFoundTitle: { message: "Page not found", comment: "Page for an unknown address: heading and tab title" },
  notFoundLead: {
    message:
      "There is no page at this address. It may have moved, or the link may be mistyped. Search for a service or go back home.",
    comment: "Page for an unknown address: text under the heading",
  },
  findService: { message: "Find a service", comment: "Not-found pages: label of the service search box" },
  serviceNotFound: { message: "Service not found", comment: "Page for an unknown service: heading and tab title" },
  serviceNotFoundLead: {
    message: "We don't have a service called <0>“{name}”</0>. Search for what you need, or browse all services.",
    comment: "Page for an unknown service: {name} is what was asked for",
  },
  groupServiceNotFoundLead: {
    message:
      "We don't have a {group} service called <0>“{name}”</0>. Search for what you need, or browse all services.",
    comment: "Page for an unknown service of a group: {group} is Nearkart or Renova, {name} is what was asked for",
  },
  groupServiceNotFound: {
    message: "{group} service not found",
    comment: "Tab title of an unknown Nearkart or Renova service; {group} is the group",
  },
  browseAll: { message: "Browse all services", comment: "Page for an unknown service: button to the services" },
  service: { message: "Service", comment: "Service page: heading and tab title while it loads or when it failed" },
  serviceLoadFailed: { message: "This service could not be loaded.", comment: "Service page: error box title" },
  pleaseTryAgain: { message: "Please try again.", comment: "Service page: error box text when there is no better one" },
  otherGroup: {
    message: "{title} is a {group} service",
    comment: "A service opened under the wrong group: heading; {title} is the service, {group} its group",
  },
  notPartOf: { message: "It is not part of {group}.", comment: "A service opened under the wrong group: text" },
  seeService: { message: "See {title}", comment: "A service opened under the wrong group: link to its page" },
  goHome: {
    message: "Go to the home page",
    comment: "Mate app or console opened by someone of another role: link home",
  },
  brandSection: {
    message: "Mates, {section}",
    comment: "Mate app header: screen-reader name of the logo; {section} is the first section (e.g. Today)",
  },
  sectionHome: { message: "home", comment: "Mate app header: the logo's section when there is none" },
});
