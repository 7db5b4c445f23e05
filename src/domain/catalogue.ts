import { z } from "zod";
import { SERVICE_GROUPS } from "./constants.ts";
import { groupIndian } from "./indian-digits.ts";

/** A URL-safe service or option name: lowercase words joined by hyphens. */
export const slugSchema = z
  .string()
  .min(2)
  .max(60)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lowercase words joined by hyphens");

export const serviceOptionSchema = z.object({
  key: slugSchema,
  label: z.string().min(2).max(80),
  /** 0 for a free visit (Renova's site visits). */
  priceRupees: z.number().int().nonnegative().max(10_000_000),
  durationMinutes: z
    .number()
    .int()
    .positive()
    .max(60 * 24 * 60),
  /** What one of it is, for items sold by the piece or weight (Nearkart): "1 kg", "500 ml". */
  unit: z.string().min(1).max(30).optional(),
});
export type ServiceOption = z.infer<typeof serviceOptionSchema>;

export const serviceSchema = z.object({
  name: slugSchema,
  title: z.string().min(2).max(80),
  group: z.enum(SERVICE_GROUPS),
  description: z.string().min(20).max(600),
  icon: z.string().min(1).max(40),
  includes: z.array(z.string().min(2).max(160)).max(12),
  excludes: z.array(z.string().min(2).max(160)).max(12),
  /** Up to 5 for a service; a Nearkart shop category lists its items as options. */
  options: z.array(serviceOptionSchema).min(1).max(40),
  /**
   * Served only, in Hindi or Marathi when the title is translated: the English title, which still
   * names the service's page (/nearkart/{serviceTitle}) in every language.
   */
  englishTitle: z.string().optional(),
  /** Served only: the average stars of its visible reviews and their count, once it has any. */
  reviews: z.object({ average: z.number(), count: z.number().int() }).optional(),
});
export type Service = z.infer<typeof serviceSchema>;

export const serviceGroupSchema = z.object({
  name: z.enum(SERVICE_GROUPS),
  services: z.array(serviceSchema),
});
export type ServiceGroupListing = z.infer<typeof serviceGroupSchema>;

/** `GET /api/services`: the whole catalogue, grouped in the order of SERVICE_GROUPS. */
export const catalogueSchema = z.object({
  groups: z.array(serviceGroupSchema),
});
export type Catalogue = z.infer<typeof catalogueSchema>;

/**
 * Where a service's page is: Nearkart categories on /nearkart/{serviceTitle} and Renova services on
 * /renova/{service} (spec §2; those pages add the delivery promise and the site visit), the rest on
 * /service/{serviceName}.
 */
export function servicePath(service: { name: string; title: string; group: string; englishTitle?: string }): string {
  if (service.group === "Nearkart") return `/nearkart/${encodeURIComponent(service.englishTitle ?? service.title)}`;
  if (service.group === "Renova") return `/renova/${service.name}`;
  return `/service/${service.name}`;
}

/** " · ★ 4.7 (12)" after a service's price or group: its reviews' average and count, when it has any. */
export function averageText({ reviews }: Pick<Service, "reviews">): string {
  return reviews ? ` · ★ ${reviews.average.toFixed(1)} (${reviews.count})` : "";
}

/** Lowest option price of a service, for "from ₹…" labels. */
export function startingPrice(service: Pick<Service, "options">): number {
  return Math.min(...service.options.map((option) => option.priceRupees));
}

/** ₹1,499 — Indian digit grouping, no paise (what Intl's en-IN rupee format writes, without Intl). */
export function formatRupees(amount: number): string {
  const grouped = groupIndian(amount);
  return grouped.startsWith("-") ? `-₹${grouped.slice(1)}` : `₹${grouped}`;
}

/** "45 min", "2 h", "2 h 30 min", "3 days". */
export function formatDuration(minutes: number): string {
  if (minutes >= 24 * 60 && minutes % (24 * 60) === 0) {
    const days = minutes / (24 * 60);
    return `${days} ${days === 1 ? "day" : "days"}`;
  }
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
