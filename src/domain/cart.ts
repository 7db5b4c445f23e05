import { z } from "zod";
import { slugSchema } from "./catalogue.ts";

/**
 * The cart (spec §3: a visitor's `cart` array in localStorage; a customer's `users/{key}/cartItems`,
 * whose key count is the header badge). The spec does not show its limits; these are ours.
 */
export const CART_LIMITS = {
  /** Of one option of one service. */
  maxQuantity: 20,
  /** Distinct items (service + option) in one cart. */
  maxItems: 50,
} as const;

export const quantitySchema = z
  .number({ error: "Quantity must be a whole number." })
  .int("Quantity must be a whole number.")
  .min(1, "Quantity must be at least 1.")
  .max(CART_LIMITS.maxQuantity, `Quantity can be at most ${CART_LIMITS.maxQuantity}.`);

/** One line as the browser names it: which option of which service, and how many. */
export const cartLineSchema = z.object({
  service: slugSchema,
  option: slugSchema,
  quantity: quantitySchema,
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** `POST /api/cart/items`: adds to the quantity when the item is already in the cart. */
export const addCartItemSchema = cartLineSchema.strict();

/** `PATCH /api/cart/items/:id`. */
export const updateCartItemSchema = z.object({ quantity: quantitySchema }).strict();

/** `POST /api/cart/merge`: a visitor's local list, merged into the account at sign-in. */
export const mergeCartSchema = z
  .object({
    items: z.array(cartLineSchema).max(CART_LIMITS.maxItems * 4, "That is more items than a cart can hold."),
  })
  .strict();

/** A cart item as the server prices it from the catalogue: prices are never taken from the browser. */
export const cartItemSchema = z.object({
  id: z.string(),
  service: slugSchema,
  option: slugSchema,
  quantity: z.number().int(),
  serviceTitle: z.string(),
  optionLabel: z.string(),
  group: z.string(),
  icon: z.string(),
  unitPriceRupees: z.number().int(),
  durationMinutes: z.number().int(),
  lineTotalRupees: z.number().int(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** `GET /api/cart` and the `cart` event of `/api/events`: the items, their count (the badge) and the total. */
export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  count: z.number().int(),
  totalRupees: z.number().int(),
});
export type Cart = z.infer<typeof cartSchema>;

/** Adds two quantities of the same item without passing the limit. */
export function addQuantities(a: number, b: number): number {
  return Math.min(CART_LIMITS.maxQuantity, a + b);
}

/**
 * A visitor's list folded so that each service + option appears once, quantities added up to the
 * limit, in first-seen order. Used both when the visitor adds and when the list is merged.
 */
export function foldCartLines(lines: readonly CartLine[]): CartLine[] {
  const folded = new Map<string, CartLine>();
  for (const line of lines) {
    const key = `${line.service}/${line.option}`;
    const seen = folded.get(key);
    folded.set(key, seen ? { ...seen, quantity: addQuantities(seen.quantity, line.quantity) } : { ...line });
  }
  return [...folded.values()];
}

/** Reads the spec's local `cart` array, dropping anything that is not a valid line. */
export function parseLocalCart(stored: string | null): CartLine[] {
  if (!stored) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((entry) => {
    const line = cartLineSchema.safeParse(entry);
    return line.success ? [line.data] : [];
  });
}

/** `POST /api/cart/merge`: the merged cart, and the lines that could not be merged, with why. */
export const mergeResultSchema = z.object({
  cart: cartSchema,
  leftOut: z.array(cartLineSchema.extend({ reason: z.enum(["unknown_option", "cart_full"]) })),
});
export type MergeResult = z.infer<typeof mergeResultSchema>;

/** The id a visitor's local line goes by on the cart page (the server's items have UUIDs). */
export function localItemId(line: Pick<CartLine, "service" | "option">): string {
  return `${line.service}/${line.option}`;
}

export type PricedService = {
  name: string;
  title: string;
  group: string;
  icon: string;
  options: readonly { key: string; label: string; priceRupees: number; durationMinutes: number }[];
};

/**
 * A visitor's local lines priced from the catalogue, in the shape of the customer's cart, so one
 * cart page serves both. Lines whose service or option the catalogue no longer has come back
 * apart, so the page can say so and let the visitor remove them.
 */
export function priceLocalCart(
  lines: readonly CartLine[],
  services: readonly PricedService[],
): { cart: Cart; unavailable: CartLine[] } {
  const byName = new Map(services.map((service) => [service.name, service]));
  const items: CartItem[] = [];
  const unavailable: CartLine[] = [];
  for (const line of lines) {
    const service = byName.get(line.service);
    const option = service?.options.find((candidate) => candidate.key === line.option);
    if (!service || !option) {
      unavailable.push(line);
      continue;
    }
    items.push({
      id: localItemId(line),
      service: service.name,
      option: option.key,
      quantity: line.quantity,
      serviceTitle: service.title,
      optionLabel: option.label,
      group: service.group,
      icon: service.icon,
      unitPriceRupees: option.priceRupees,
      durationMinutes: option.durationMinutes,
      lineTotalRupees: option.priceRupees * line.quantity,
    });
  }
  return {
    cart: { items, count: lines.length, totalRupees: items.reduce((sum, item) => sum + item.lineTotalRupees, 0) },
    unavailable,
  };
}

/**
 * A customer's cart (priced by the server, its names in English) with its service titles and option
 * labels as the catalogue gives them in the screen's language (record 070); lines the catalogue does
 * not list keep the server's names.
 */
export function cartInLanguage(cart: Cart, services: readonly PricedService[]): Cart {
  const byName = new Map(services.map((service) => [service.name, service]));
  return {
    ...cart,
    items: cart.items.map((item) => {
      const service = byName.get(item.service);
      const option = service?.options.find((candidate) => candidate.key === item.option);
      return service && option ? { ...item, serviceTitle: service.title, optionLabel: option.label } : item;
    }),
  };
}

/** Why lines cannot be added to a cart, in the words the server uses; undefined when they can. */
export function cannotAdd(cart: readonly CartLine[], adding: readonly CartLine[]): string | undefined {
  const next = foldCartLines([...cart, ...adding]);
  if (next.length > CART_LIMITS.maxItems) {
    return `Your cart can hold at most ${CART_LIMITS.maxItems} different items. Book or remove some first.`;
  }
  const wanted = new Map<string, number>();
  for (const line of adding) wanted.set(localItemId(line), (wanted.get(localItemId(line)) ?? 0) + line.quantity);
  for (const [id, quantity] of wanted) {
    const held = cart.find((item) => localItemId(item) === id)?.quantity ?? 0;
    if (held + quantity > CART_LIMITS.maxQuantity) {
      return `You can book at most ${CART_LIMITS.maxQuantity} of one option; your cart already has ${held}.`;
    }
  }
  return undefined;
}
