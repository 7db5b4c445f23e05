import { STORAGE_KEYS } from "#domain/constants.ts";
import { useLocalStorage } from "#web/shell/use-local-storage.ts";

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

/** The header's links; a signed-in mate also gets their jobs (the mate app), an operator the console. */
export function useNavItems(): readonly { label: string; to: string }[] {
  const role = useLocalStorage(STORAGE_KEYS.userRole);
  if (role === "mate") return [...NAV_ITEMS, { label: "My jobs", to: "/mate" }];
  return role === "operator" ? [...NAV_ITEMS, { label: "Console", to: "/ops" }] : NAV_ITEMS;
}
