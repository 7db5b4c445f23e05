import { useEffect, useState } from "react";
import { STORAGE_KEYS } from "#domain/constants.ts";
import { readStorage, writeStorage } from "#web/shell/local-storage.ts";
import { useLocalStorage } from "#web/shell/use-local-storage.ts";

/**
 * Spec §2, §3: the header's profile icon sets `openSidebarOnProfile`, which opens the profile's
 * sidebar (and is then cleared); while the sidebar is open `reopenSidebar` is kept, so a reload
 * finds it open again.
 */
export function useProfileSidebar(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(
    () =>
      readStorage(STORAGE_KEYS.openSidebarOnProfile) === "true" || readStorage(STORAGE_KEYS.reopenSidebar) === "true",
  );

  // Also when the icon is used while the profile is already on screen.
  const asked = useLocalStorage(STORAGE_KEYS.openSidebarOnProfile);
  useEffect(() => {
    if (asked === null) return;
    if (asked === "true") setOpen(true);
    writeStorage(STORAGE_KEYS.openSidebarOnProfile, null);
  }, [asked]);

  useEffect(() => {
    writeStorage(STORAGE_KEYS.reopenSidebar, open ? "true" : null);
  }, [open]);

  return [open, setOpen];
}
