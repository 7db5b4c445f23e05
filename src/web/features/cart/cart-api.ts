import { hashKey, queryOptions, useQuery } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import {
  type Cart,
  type CartLine,
  cartSchema,
  type MergeResult,
  mergeResultSchema,
  parseLocalCart,
} from "#domain/cart.ts";
import { STORAGE_KEYS } from "#domain/constants.ts";
import { apiGet, apiSend } from "#web/lib/api-client.ts";
import { appQueryClient } from "#web/lib/query-client.ts";
import { setAccountCartCount } from "#web/shell/use-cart-count.ts";
import { useLocalStorage } from "#web/shell/use-local-storage.ts";

/** The signed-in customer's cart on the server (GET/POST/PATCH/DELETE /api/cart…). */

export const cartKeys = { account: ["cart", "account"] as const };

export function fetchCart(signal?: AbortSignal): Promise<Cart> {
  return apiGet("/api/cart", cartSchema, signal ? { signal } : {});
}

export function postCartItem(line: CartLine): Promise<Cart> {
  return apiSend("POST", "/api/cart/items", line, cartSchema);
}

export function patchCartItem(id: string, quantity: number): Promise<Cart> {
  return apiSend("PATCH", `/api/cart/items/${encodeURIComponent(id)}`, { quantity }, cartSchema);
}

export function deleteCartItem(id: string): Promise<Cart> {
  return apiSend("DELETE", `/api/cart/items/${encodeURIComponent(id)}`, undefined, cartSchema);
}

export function postCartMerge(items: CartLine[]): Promise<MergeResult> {
  return apiSend("POST", "/api/cart/merge", { items }, mergeResultSchema);
}

export function accountCartQueryOptions() {
  return queryOptions({
    queryKey: cartKeys.account,
    queryFn: ({ signal }) => fetchCart(signal),
    // Kept fresh by the live `cart` events; a re-read happens on every (re)connection.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Every answer of the server about the cart lands here: the cart page and the badge follow. A read
 * of the cart still on its way was sent before this answer was given, so it is cancelled first:
 * arriving late, it would put back the cart as it was (a sign-in's first read answering after the
 * merge showed an empty cart). Changes made since then elsewhere come as live `cart` events.
 */
export async function showAccountCart(cart: Cart): Promise<void> {
  await appQueryClient.cancelQueries({ queryKey: cartKeys.account });
  appQueryClient.setQueryData(cartKeys.account, cart);
}

/**
 * The badge counts the account's cart as the query cache holds it, the moment it changes (a
 * component's effect would run a frame later, after a newer answer may already have landed).
 * Returns the unsubscription.
 */
export function followAccountCartCount(): () => void {
  const hash = hashKey(cartKeys.account);
  const show = () => setAccountCartCount(appQueryClient.getQueryData<Cart>(cartKeys.account)?.count ?? null);
  show();
  return appQueryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash === hash) show();
  });
}

/** Signed out: nothing of the customer's cart stays in this tab. */
export function forgetAccountCart(): void {
  appQueryClient.removeQueries({ queryKey: cartKeys.account });
  setAccountCartCount(null);
}

export function useAccountCart({ enabled }: { enabled: boolean }) {
  return useQuery({ ...accountCartQueryOptions(), enabled }, appQueryClient);
}

/** While a visitor's local cart is being merged into the account (just after sign-in). */
let merge: "idle" | "running" | "failed" = "idle";
const mergeListeners = new Set<() => void>();

export function setMergeState(next: "idle" | "running" | "failed"): void {
  merge = next;
  for (const listener of mergeListeners) listener();
}

/**
 * Screens that show the account's cart wait for the merge, so they never flash an empty cart: it
 * counts as running from the moment a signed-in tab still holds local lines until it ends (a failed
 * merge keeps the lines and stops the wait).
 */
export function useMerging(): boolean {
  const state = useSyncExternalStore(
    (listener) => {
      mergeListeners.add(listener);
      return () => mergeListeners.delete(listener);
    },
    () => merge,
    () => "idle" as const,
  );
  const localLines = parseLocalCart(useLocalStorage(STORAGE_KEYS.cart)).length;
  return state === "running" || (state === "idle" && localLines > 0);
}
