import type { ABOUT_ANCHORS } from "#domain/constants.ts";
import type { CONTACT } from "#domain/contact.ts";

/** The About page's sections (spec §2 anchors) with the footer's message id of each heading. */
export const ABOUT_LINKS = [
  { id: "about", key: "anchorAbout" },
  { id: "how-it-works", key: "anchorHow" },
  { id: "pricing", key: "anchorPricing" },
  { id: "carriers", key: "anchorCareers" },
  { id: "support", key: "anchorSupport" },
  { id: "terms", key: "anchorTerms" },
  { id: "privacy", key: "anchorPrivacy" },
] as const satisfies readonly { id: (typeof ABOUT_ANCHORS)[number]["id"]; key: string }[];

const PHONE_LABELS = {
  Bookings: "phoneBookings",
  Support: "phoneSupport",
  "Join as a mate": "phoneJoin",
} as const satisfies Record<(typeof CONTACT)["phones"][number]["label"], string>;

/** The footer's message id of a phone line's label (footer, About page). */
export const phoneLabel = (label: (typeof CONTACT)["phones"][number]["label"]) => PHONE_LABELS[label];
