/**
 * Spec §2 header: Home (top of the home page), Book-a-Mate (the services section) and
 * Contact (the footer, which only the home page has). Each is a link, so it also works from
 * any other page: the router goes home and scrolls to the anchor.
 */
export const NAV_ITEMS = [
  { label: "Home", to: "/" },
  { label: "Book-a-Mate", to: "/#services" },
  { label: "Contact", to: "/#contact" },
] as const;
