import { useSyncExternalStore } from "react";
import { STORAGE_KEYS, TIMINGS } from "#domain/constants.ts";
import { readStorage, subscribeStorage } from "#web/shell/local-storage.ts";

/**
 * Spec §2: the token is re-read every second and on storage events. One timer is shared by
 * every component that asks, and stops when none does.
 */
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let unsubscribeStorage: (() => void) | undefined;

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    timer = setInterval(notify, TIMINGS.tokenRereadMs);
    unsubscribeStorage = subscribeStorage(notify);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      unsubscribeStorage?.();
      timer = undefined;
      unsubscribeStorage = undefined;
    }
  };
}

export function readAuthToken(): string | null {
  const token = readStorage(STORAGE_KEYS.authToken);
  return token === null || token === "" ? null : token;
}

/** The authToken of local storage, or null when the visitor is not signed in. */
export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribe, readAuthToken, () => null);
}
