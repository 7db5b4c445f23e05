import { describe, expect, it } from "vitest";
import { CART_LIMITS, cannotAdd, foldCartLines, parseLocalCart, priceLocalCart } from "./cart.ts";

const plumber = {
  name: "plumber",
  title: "Plumber",
  group: "Homekit",
  icon: "wrench",
  options: [
    { key: "drain-blockage", label: "Drain blockage", priceRupees: 449, durationMinutes: 60 },
    { key: "tap-mixer-replacement", label: "Tap or mixer replacement", priceRupees: 299, durationMinutes: 45 },
  ],
};
const line = (option: string, quantity: number, service = "plumber") => ({ service, option, quantity });

describe("a visitor's local cart", () => {
  it("reads the spec's `cart` array and drops what is not a valid line", () => {
    expect(parseLocalCart(null)).toEqual([]);
    expect(parseLocalCart("not json")).toEqual([]);
    expect(parseLocalCart('{"service":"plumber"}')).toEqual([]);
    expect(
      parseLocalCart(
        JSON.stringify([
          line("drain-blockage", 2),
          { service: "plumber" },
          line("drain-blockage", 0),
          "x",
          line("Bad Key", 1),
        ]),
      ),
    ).toEqual([line("drain-blockage", 2)]);
  });

  it("folds the same service and option into one line, quantities capped at the limit", () => {
    expect(
      foldCartLines([line("drain-blockage", 15), line("tap-mixer-replacement", 1), line("drain-blockage", 9)]),
    ).toEqual([line("drain-blockage", CART_LIMITS.maxQuantity), line("tap-mixer-replacement", 1)]);
  });

  it("is priced from the catalogue, with lines the catalogue no longer has set apart", () => {
    const { cart, unavailable } = priceLocalCart(
      [line("drain-blockage", 2), line("gold-taps", 1), line("x-ray", 1, "radiology")],
      [plumber],
    );
    expect(cart.count).toBe(3);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({
      id: "plumber/drain-blockage",
      lineTotalRupees: 898,
      serviceTitle: "Plumber",
    });
    expect(cart.totalRupees).toBe(898);
    expect(unavailable).toEqual([line("gold-taps", 1), line("x-ray", 1, "radiology")]);
  });

  it("refuses additions past the limits with the server's words", () => {
    expect(cannotAdd([line("drain-blockage", 15)], [line("drain-blockage", 5)])).toBeUndefined();
    expect(cannotAdd([line("drain-blockage", 15)], [line("drain-blockage", 6)])).toBe(
      "You can book at most 20 of one option; your cart already has 15.",
    );
    expect(cannotAdd([], [line("drain-blockage", 11), line("drain-blockage", 10)])).toMatch(/at most 20 of one option/);
    const full = Array.from({ length: CART_LIMITS.maxItems }, (_, i) => line(`option-${i}`, 1));
    expect(cannotAdd(full, [line("option-3", 1)])).toBeUndefined();
    expect(cannotAdd(full, [line("drain-blockage", 1)])).toBe(
      "Your cart can hold at most 50 different items. Book or remove some first.",
    );
  });
});
