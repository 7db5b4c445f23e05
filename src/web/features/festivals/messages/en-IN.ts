import { FESTIVALS } from "#domain/festivals.ts";
import { source } from "#domain/i18n/messages.ts";
import { PUBLIC_PAGE_META } from "#domain/page-meta-public.ts";

/** The English of a festival's name or summary, as #domain/festivals.ts has it. */
const festival = (id: string, field: "name" | "summary") => FESTIVALS.find((entry) => entry.id === id)?.[field] ?? id;

/** /festivals: the page, its package cards and the festivals' names and summaries. */
export const messages = source({
  title: { message: PUBLIC_PAGE_META.festivals.title, comment: "Festivals page: heading and tab title" },
  description: {
    message: PUBLIC_PAGE_META.festivals.description,
    comment: "Festivals page: description for search results and shares",
  },
  lead: {
    message:
      "Get the home ready for Mumbai's festivals in one go: each package puts the services and shop items it needs in your cart, and you choose the day.",
    comment: "Festivals page: text under the heading",
  },
  loadFailed: { message: "The packages could not be loaded.", comment: "Festivals page: error box title" },
  onNow: { message: "On now", comment: "Festival card: small label on the first card when its season is on" },
  comingNext: { message: "Coming up next", comment: "Festival card: small label on the first card otherwise" },
  whenToday: {
    message: "{day} · today",
    comment: "Festival card: the festival is today; {day} is a date like 8 November 2026",
  },
  whenIn: {
    message: "{day} · in {count, plural, one {# day} other {# days}}",
    comment: "Festival card: the date and how many days away it is",
  },
  package: { message: "Package", comment: "Festival card: label before the package's total price" },
  packageNote: {
    message: "GST included; change anything in your cart",
    comment: "Festival card: small line under the package price",
  },
  addPackage: { message: "Add package to cart", comment: "Festival card: button" },
  addPackageNamed: {
    message: "Add package to cart: {name}",
    comment: "Festival card: screen-reader name of the button; {name} is the package's name",
  },
  diwaliName: { message: festival("diwali", "name"), comment: "Festival package name (Diwali)" },
  diwaliSummary: {
    message: festival("diwali", "summary"),
    comment: "Festival package: one line under its name (Diwali)",
  },
  ganeshName: { message: festival("ganesh-chaturthi", "name"), comment: "Festival package name (Ganesh Chaturthi)" },
  ganeshSummary: {
    message: festival("ganesh-chaturthi", "summary"),
    comment: "Festival package: one line under its name (Ganesh Chaturthi)",
  },
  navratriName: { message: festival("navratri", "name"), comment: "Festival package name (Navratri)" },
  navratriSummary: {
    message: festival("navratri", "summary"),
    comment: "Festival package: one line under its name (Navratri)",
  },
  christmasName: { message: festival("christmas", "name"), comment: "Festival package name (Christmas)" },
  christmasSummary: {
    message: festival("christmas", "summary"),
    comment: "Festival package: one line under its name (Christmas)",
  },
  monsoonName: { message: festival("monsoon", "name"), comment: "Seasonal package name (before the monsoon rains)" },
  monsoonSummary: {
    message: festival("monsoon", "summary"),
    comment: "Seasonal package: one line under its name (monsoon)",
  },
});
