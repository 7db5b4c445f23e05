import { useMemo } from "react";
import { STORAGE_KEYS } from "#domain/constants.ts";
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
 * The header badge. Until the cart feature arrives this is the visitor's local cart list,
 * which nothing fills yet, so it reads 0; the cart issue replaces it with the account's count.
 */
export function useCartCount(): number {
  const stored = useLocalStorage(STORAGE_KEYS.cart);
  return useMemo(() => countCartItems(stored), [stored]);
}
