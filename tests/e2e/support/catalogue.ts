import { readFileSync } from "node:fs";
import { z } from "zod";
import { type Service, serviceSchema } from "#domain/catalogue.ts";
import { SERVICE_GROUPS, type ServiceGroup } from "#domain/constants.ts";

/**
 * The catalogue the e2e server seeds (src/server/catalogue/catalogue-seed.json), read the way the
 * server reads it, so tests name services and prices from the data instead of re-typing them.
 */
const seedFile = new URL("../../../src/server/catalogue/catalogue-seed.json", import.meta.url);
const seed = z.array(serviceSchema).parse(JSON.parse(readFileSync(seedFile, "utf8")));

/** Every seeded service in display order: groups in SERVICE_GROUPS order, then seed order. */
export const SEED_SERVICES: readonly Service[] = SERVICE_GROUPS.flatMap((group) =>
  seed.filter((service) => service.group === group),
);

export function servicesOf(group: ServiceGroup): Service[] {
  return SEED_SERVICES.filter((service) => service.group === group);
}

/** The first seeded service that satisfies a condition; fails loudly when the seed has none. */
export function seedService(description: string, predicate: (service: Service) => boolean): Service {
  const found = SEED_SERVICES.find(predicate);
  if (!found) throw new Error(`The catalogue seed has no service that is ${description}.`);
  return found;
}

export function lowestPrice(service: Service): number {
  return Math.min(...service.options.map((option) => option.priceRupees));
}

export function highestPrice(service: Service): number {
  return Math.max(...service.options.map((option) => option.priceRupees));
}

/**
 * "₹12,99,000": rupees with Indian digit grouping (the last three digits, then pairs), written
 * out by hand so that the tests do not share the app's formatter.
 */
export function indianRupees(amount: number): string {
  const digits = String(amount);
  const groups = [digits.slice(-3)];
  let rest = digits.slice(0, -3);
  while (rest.length > 0) {
    groups.unshift(rest.slice(-2));
    rest = rest.slice(0, -2);
  }
  return `₹${groups.join(",")}`;
}

/** Matches an accessible name that begins with a text (a card or suggestion: title, then more). */
export function startingWith(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);
}
