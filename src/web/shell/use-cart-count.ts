import { useMemo, useSyncExternalStore } from "react";
import { STORAGE_KEYS } from "#domain/constants.ts";
import { useAuthToken } from "#web/shell/use-auth-token.ts";
import { useLocalStorage } from "#web/shell/use-local-storage.ts";

/** Items in a stored cart list (spec §3 `cart`: an array for logged-out visitors). */
export function countCartItems(stored: string | null): number {
  if (!stored) return 0;
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.length : 0;
  } catch {
    return 0;
  }
}

/**
 * The signed-in customer's item count (spec §3 cartItems' key count), written by the cart
 * feature from GET /api/cart and every live `cart` event; null while it is not known.
 */
let accountCount: number | null = null;
const listeners = new Set<() => void>();

export function setAccountCartCount(count: number | null): void {
  if (count === accountCount) return;
  accountCount = count;
  for (const listener of listeners) listener();
}

function subscribeAccountCount(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The header badge (spec §4): a signed-in customer's account cart; a visitor's local `cart` list
 * (also the count when the auth state reports no user).
 */
export function useCartCount(): number {
  const token = useAuthToken();
  const stored = useLocalStorage(STORAGE_KEYS.cart);
  const account = useSyncExternalStore(
    subscribeAccountCount,
    () => accountCount,
    () => null,
  );
  const local = useMemo(() => countCartItems(stored), [stored]);
  return token && account !== null ? account : local;
}
