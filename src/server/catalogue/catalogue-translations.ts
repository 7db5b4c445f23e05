import { readFileSync } from "node:fs";
import { and, asc, eq, inArray } from "drizzle-orm";
import {
  type ServiceTexts,
  seedTranslationsSchema,
  TRANSLATED_LOCALES,
  untranslated,
} from "#domain/catalogue-translations.ts";
import type { TranslatedLocale } from "#domain/i18n/locales.ts";
import type { Database } from "#server/db/client.ts";
import { serviceOptions, serviceOptionTranslations, services, serviceTranslations } from "./schema.ts";

/*
 * The catalogue's Hindi and Marathi texts (issue 40, record 070): a row a service and language, a
 * row an option and language, each field null until written. Shipped translations come from
 * `catalogue-seed.<locale>.json` and are seeded for every service without a row in that language;
 * after that the console edits them (catalogue-translation-edits.ts).
 */

type SeedTranslations = ReturnType<typeof seedTranslationsSchema.parse>;

/** The shipped translations of one language, validated: a broken file stops the start. */
export function readSeedTranslations(locale: TranslatedLocale): SeedTranslations {
  const file = new URL(`./catalogue-seed.${locale}.json`, import.meta.url);
  const parsed = seedTranslationsSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`catalogue-seed.${locale}.json is invalid at ${issue?.path.join(".")}: ${issue?.message}`);
  }
  return parsed.data;
}

/**
 * Seeds each language's shipped texts for the services that have no row in it yet: a new database,
 * or one seeded before issue 40. A service an operator has touched in a language keeps its texts.
 * Nothing is written (and the catalogue's version does not move) when every service has its rows.
 */
export async function seedTranslations(
  db: Database,
  read: (locale: TranslatedLocale) => SeedTranslations = readSeedTranslations,
): Promise<number> {
  let seeded = 0;
  for (const locale of TRANSLATED_LOCALES) {
    const shipped = read(locale);
    seeded += await db.transaction(async (tx) => {
      const shippedFor = await tx
        .select({ id: services.id, name: services.name })
        .from(services)
        .where(inArray(services.name, Object.keys(shipped)));
      const had = await tx
        .select({ id: serviceTranslations.serviceId })
        .from(serviceTranslations)
        .where(eq(serviceTranslations.locale, locale));
      const translated = new Set(had.map((row) => row.id));
      const unseeded = shippedFor.filter((row) => !translated.has(row.id));
      if (unseeded.length === 0) return 0;
      await tx
        .insert(serviceTranslations)
        .values(
          unseeded.map(({ id, name }) => {
            const texts = shipped[name];
            return {
              serviceId: id,
              locale,
              title: texts?.title ?? null,
              description: texts?.description ?? null,
              includes: texts?.includes ?? null,
              excludes: texts?.excludes ?? null,
            };
          }),
        )
        .onConflictDoNothing();
      const options = await tx
        .select({ id: serviceOptions.id, serviceId: serviceOptions.serviceId, key: serviceOptions.key })
        .from(serviceOptions)
        .where(
          inArray(
            serviceOptions.serviceId,
            unseeded.map((row) => row.id),
          ),
        );
      const names = new Map(unseeded.map((row) => [row.id, row.name]));
      const optionRows = options.flatMap((option) => {
        const texts = shipped[names.get(option.serviceId) ?? ""]?.options?.[option.key];
        return texts ? [{ optionId: option.id, locale, label: texts.label, unit: texts.unit ?? null }] : [];
      });
      if (optionRows.length > 0) await tx.insert(serviceOptionTranslations).values(optionRows).onConflictDoNothing();
      return unseeded.length;
    });
  }
  return seeded;
}

/** Every service's texts in a language, by service name (services without a row are absent). */
export async function textsOf(
  db: Database,
  locale: TranslatedLocale,
  only?: number,
): Promise<Map<string, ServiceTexts>> {
  const own = await db
    .select({ name: services.name, row: serviceTranslations })
    .from(serviceTranslations)
    .innerJoin(services, eq(services.id, serviceTranslations.serviceId))
    .where(
      only === undefined
        ? eq(serviceTranslations.locale, locale)
        : and(eq(serviceTranslations.locale, locale), eq(services.id, only)),
    );
  const options = await db
    .select({
      name: services.name,
      key: serviceOptions.key,
      label: serviceOptionTranslations.label,
      unit: serviceOptionTranslations.unit,
    })
    .from(serviceOptionTranslations)
    .innerJoin(serviceOptions, eq(serviceOptions.id, serviceOptionTranslations.optionId))
    .innerJoin(services, eq(services.id, serviceOptions.serviceId))
    .where(
      only === undefined
        ? eq(serviceOptionTranslations.locale, locale)
        : and(eq(serviceOptionTranslations.locale, locale), eq(services.id, only)),
    )
    .orderBy(asc(serviceOptions.position));
  const texts = new Map<string, ServiceTexts>();
  for (const { name, row } of own) {
    texts.set(name, {
      title: row.title,
      description: row.description,
      includes: row.includes,
      excludes: row.excludes,
      options: {},
    });
  }
  for (const { name, key, label, unit } of options) {
    let entry = texts.get(name);
    if (!entry) {
      entry = untranslated();
      texts.set(name, entry);
    }
    entry.options[key] = { label, unit };
  }
  return texts;
}

/**
 * Each service's English title to its title in a language, where it has one: a booking keeps the
 * English titles it was booked with, and notices in Hindi or Marathi name services in their
 * language (record 069).
 */
export async function serviceTitles(db: Database, locale: TranslatedLocale): Promise<Map<string, string>> {
  const rows = await db
    .select({ english: services.title, title: serviceTranslations.title })
    .from(serviceTranslations)
    .innerJoin(services, eq(services.id, serviceTranslations.serviceId))
    .where(eq(serviceTranslations.locale, locale));
  return new Map(rows.flatMap((row) => (row.title ? [[row.english, row.title] as const] : [])));
}
