import { useSyncExternalStore } from "react";
import { readStorage, subscribeStorage } from "#web/shell/local-storage.ts";

/** The current string value of a localStorage key, kept up to date across tabs. */
export function useLocalStorage(key: string): string | null {
  return useSyncExternalStore(
    subscribeStorage,
    () => readStorage(key),
    () => null,
  );
}
