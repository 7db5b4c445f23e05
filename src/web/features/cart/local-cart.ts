import { type CartLine, cannotAdd, foldCartLines, localItemId, parseLocalCart } from "#domain/cart.ts";
import { STORAGE_KEYS } from "#domain/constants.ts";
import { readStorage, writeStorage } from "#web/shell/local-storage.ts";

/** A visitor's cart: the spec's localStorage `cart` array of { service, option, quantity }. */

export function readLocalCart(): CartLine[] {
  return parseLocalCart(readStorage(STORAGE_KEYS.cart));
}

function writeLocalCart(lines: CartLine[]): void {
  writeStorage(STORAGE_KEYS.cart, JSON.stringify(lines));
}

/** Adds lines (the same option adds up); throws with the reason when a limit would be passed. */
export function addToLocalCart(adding: CartLine[]): void {
  const lines = readLocalCart();
  const refusal = cannotAdd(lines, adding);
  if (refusal) throw new Error(refusal);
  writeLocalCart(foldCartLines([...lines, ...adding]));
}

export function setLocalQuantity(id: string, quantity: number): void {
  writeLocalCart(readLocalCart().map((line) => (localItemId(line) === id ? { ...line, quantity } : line)));
}

export function removeFromLocalCart(id: string): void {
  writeLocalCart(readLocalCart().filter((line) => localItemId(line) !== id));
}

/** After the server confirmed a merge: the local list is gone (spec §4, the badge follows the account). */
export function clearLocalCart(): void {
  writeStorage(STORAGE_KEYS.cart, null);
}
