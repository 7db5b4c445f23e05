import { readFileSync } from "node:fs";
import { asc, count, eq, inArray } from "drizzle-orm";
import { type Catalogue, type Service, serviceSchema } from "#domain/catalogue.ts";
import { translateService } from "#domain/catalogue-translations.ts";
import { SERVICE_GROUPS, ZONE_ID } from "#domain/constants.ts";
import type { Locale } from "#domain/i18n/locales.ts";
import type { Database } from "#server/db/client.ts";
import { serviceSummaries } from "#server/ratings/reviews.ts";
import { seedTranslations, textsOf } from "./catalogue-translations.ts";
import { serviceOptions, services } from "./schema.ts";

const seedFile = new URL("./catalogue-seed.json", import.meta.url);

/** The catalogue shipped with the product, validated: a broken seed file stops the start. */
export function readSeedCatalogue(): Service[] {
  const raw: unknown = JSON.parse(readFileSync(seedFile, "utf8"));
  const parsed = serviceSchema.array().safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`catalogue-seed.json is invalid at ${issue?.path.join(".")}: ${issue?.message}`);
  }
  return parsed.data;
}

/**
 * Seeds the catalogue when the database has none (first start), and its Hindi and Marathi texts for
 * every service that has none in a language yet (seedTranslations). An edited catalogue is never
 * overwritten: after the first start the database, not the file, is the source of truth.
 * Returns how many services were inserted.
 */
export async function seedCatalogue(db: Database, catalogue: Service[]): Promise<number> {
  const inserted = await seedServices(db, catalogue);
  await seedTranslations(db);
  return inserted;
}

async function seedServices(db: Database, catalogue: Service[]): Promise<number> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(services);
    if ((existing?.n ?? 0) > 0) return 0;
    for (const [position, service] of catalogue.entries()) {
      const [row] = await tx
        .insert(services)
        .values({
          zone: ZONE_ID,
          name: service.name,
          title: service.title,
          group: service.group,
          description: service.description,
          icon: service.icon,
          includes: service.includes,
          excludes: service.excludes,
          position,
        })
        .onConflictDoNothing({ target: services.name })
        .returning({ id: services.id });
      if (!row) continue; // another instance seeded it at the same moment
      await tx.insert(serviceOptions).values(
        service.options.map((option, optionPosition) => ({
          serviceId: row.id,
          key: option.key,
          label: option.label,
          priceRupees: option.priceRupees,
          durationMinutes: option.durationMinutes,
          unit: option.unit ?? null,
          position: optionPosition,
        })),
      );
    }
    return catalogue.length;
  });
}

type ServiceRow = typeof services.$inferSelect;

async function withOptions(db: Database, rows: ServiceRow[]): Promise<Service[]> {
  if (rows.length === 0) return [];
  const options = await db
    .select()
    .from(serviceOptions)
    .where(
      inArray(
        serviceOptions.serviceId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(serviceOptions.serviceId), asc(serviceOptions.position));
  return rows.map((row) => ({
    name: row.name,
    title: row.title,
    group: row.group as Service["group"],
    description: row.description,
    icon: row.icon,
    includes: row.includes,
    excludes: row.excludes,
    options: options
      .filter((option) => option.serviceId === row.id)
      .map(({ key, label, priceRupees, durationMinutes, unit }) => ({
        key,
        label,
        priceRupees,
        durationMinutes,
        ...(unit ? { unit } : {}),
      })),
  }));
}

/**
 * The whole catalogue, grouped in the order of SERVICE_GROUPS, services in their position order; in
 * Hindi or Marathi each translated field replaces its English, the rest stays English.
 */
export async function loadCatalogue(db: Database, locale: Locale = "en-IN"): Promise<Catalogue> {
  const rows = await db.select().from(services).where(eq(services.zone, ZONE_ID)).orderBy(asc(services.position));
  const english = await withOptions(db, rows);
  const texts = locale === "en-IN" ? undefined : await textsOf(db, locale);
  const all = texts ? english.map((service) => translateService(service, texts.get(service.name))) : english;
  const reviews = await serviceSummaries(db);
  for (const service of all) {
    const summary = reviews.get(service.name);
    if (summary) service.reviews = summary;
  }
  return {
    groups: SERVICE_GROUPS.map((group) => ({
      name: group,
      services: all.filter((service) => service.group === group),
    })),
  };
}
