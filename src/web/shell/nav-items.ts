import { STORAGE_KEYS } from "#domain/constants.ts";
import { useT } from "#web/i18n/use-t.tsx";
import { shellMessages } from "#web/shell/shell-messages.ts";
import { useLocalStorage } from "#web/shell/use-local-storage.ts";

type NavKey = "navHome" | "navBook" | "navContact" | "navMyJobs" | "navConsole";

/**
 * Spec §2 header: Home (top of the home page), Book-a-Mate (the services section) and
 * Contact (the footer, which only the home page has). Each is a link, so it also works from
 * any other page: the router goes home and scrolls to the anchor. Labels are message ids.
 */
export const NAV_ITEMS: readonly { key: NavKey; to: string }[] = [
  { key: "navHome", to: "/" },
  { key: "navBook", to: "/#services" },
  { key: "navContact", to: "/#contact" },
];

/** The header's links; a signed-in mate also gets their jobs (the mate app), an operator the console. */
export function useNavItems(): readonly { label: string; to: string }[] {
  const t = useT(shellMessages);
  const role = useLocalStorage(STORAGE_KEYS.userRole);
  const extra: { key: NavKey; to: string }[] =
    role === "mate"
      ? [{ key: "navMyJobs", to: "/mate" }]
      : role === "operator"
        ? [{ key: "navConsole", to: "/ops" }]
        : [];
  return [...NAV_ITEMS, ...extra].map((item) => ({ label: t(item.key), to: item.to }));
}
