import { and, eq, inArray, notInArray } from "drizzle-orm";
import {
  type ServiceTexts,
  type ServiceTranslationsResponse,
  TRANSLATED_LOCALES,
  type TranslationList,
  textsToTranslate,
  textsTranslated,
  untranslated,
} from "#domain/catalogue-translations.ts";
import { ZONE_ID } from "#domain/constants.ts";
import type { TranslatedLocale } from "#domain/i18n/locales.ts";
import type { Database } from "#server/db/client.ts";
import { badRequest, notFound } from "#server/http/errors.ts";
import { recordAudit } from "#server/ops/audit.ts";
import { loadCatalogue } from "./catalogue.ts";
import { textsOf } from "./catalogue-translations.ts";
import { serviceOptions, serviceOptionTranslations, services, serviceTranslations } from "./schema.ts";

/*
 * The console's catalogue translations (issue 40, record 070): each service's English beside its
 * Hindi and Marathi, and an operator's edit of one language, audited with the texts before and
 * after. The catalogue's version moves with the edit (triggers of migration 0020), so every
 * instance serves it within a second.
 */

/** Every service in catalogue order, with how much of it each language has. */
export async function listTranslations(db: Database): Promise<TranslationList> {
  const catalogue = await loadCatalogue(db);
  const texts = await Promise.all(TRANSLATED_LOCALES.map((locale) => textsOf(db, locale)));
  return {
    services: catalogue.groups.flatMap((group) =>
      group.services.map((service) => ({
        name: service.name,
        title: service.title,
        group: service.group,
        total: textsToTranslate(service),
        done: Object.fromEntries(
          TRANSLATED_LOCALES.map((locale, i) => [
            locale,
            textsTranslated(service, texts[i]?.get(service.name) ?? untranslated()),
          ]),
        ) as Record<TranslatedLocale, number>,
      })),
    ),
  };
}

async function findService(db: Database, name: string) {
  const [row] = await db
    .select()
    .from(services)
    .where(and(eq(services.zone, ZONE_ID), eq(services.name, name)));
  if (!row) throw notFound(`There is no service called "${name}".`);
  const options = await db
    .select()
    .from(serviceOptions)
    .where(eq(serviceOptions.serviceId, row.id))
    .orderBy(serviceOptions.position);
  return { row, options };
}

/** A service's English and its texts in each other language (null where not yet translated). */
export async function serviceTranslationsOf(db: Database, name: string): Promise<ServiceTranslationsResponse> {
  const { row, options } = await findService(db, name);
  const translations = {} as Record<TranslatedLocale, ServiceTexts>;
  for (const locale of TRANSLATED_LOCALES) {
    translations[locale] = (await textsOf(db, locale, row.id)).get(row.name) ?? untranslated();
  }
  return {
    service: {
      name: row.name,
      group: row.group,
      title: row.title,
      description: row.description,
      includes: row.includes,
      excludes: row.excludes,
      options: options.map(({ key, label, unit }) => ({ key, label, unit })),
    },
    translations,
  };
}

/**
 * Sets a service's texts in one language, as a whole: fields given null and options left out
 * show in English again. Audited, with the texts before and after.
 */
export async function saveTranslation(
  db: Database,
  operatorId: string,
  name: string,
  locale: TranslatedLocale,
  texts: ServiceTexts,
): Promise<ServiceTranslationsResponse> {
  const { row, options } = await findService(db, name);
  const byKey = new Map(options.map((option) => [option.key, option]));
  for (const [key, option] of Object.entries(texts.options)) {
    const english = byKey.get(key);
    if (!english) throw badRequest(`options.${key}: ${name} has no option "${key}".`);
    if (option.unit && !english.unit) throw badRequest(`options.${key}.unit: that option has no unit to translate.`);
  }
  const before = (await textsOf(db, locale, row.id)).get(row.name) ?? untranslated();
  const now = new Date();
  await db.transaction(async (tx) => {
    const own = {
      title: texts.title,
      description: texts.description,
      includes: texts.includes,
      excludes: texts.excludes,
      updatedAt: now,
    };
    await tx
      .insert(serviceTranslations)
      .values({ serviceId: row.id, locale, ...own })
      .onConflictDoUpdate({ target: [serviceTranslations.serviceId, serviceTranslations.locale], set: own });
    const given = Object.entries(texts.options).flatMap(([key, option]) => {
      const id = byKey.get(key)?.id;
      return id === undefined ? [] : [{ optionId: id, label: option.label, unit: option.unit ?? null }];
    });
    const optionIds = options.map((option) => option.id);
    const keep = given.map((option) => option.optionId);
    await tx
      .delete(serviceOptionTranslations)
      .where(
        and(
          eq(serviceOptionTranslations.locale, locale),
          inArray(serviceOptionTranslations.optionId, optionIds),
          ...(keep.length > 0 ? [notInArray(serviceOptionTranslations.optionId, keep)] : []),
        ),
      );
    for (const option of given) {
      const set = { label: option.label, unit: option.unit, updatedAt: now };
      await tx
        .insert(serviceOptionTranslations)
        .values({ optionId: option.optionId, locale, ...set })
        .onConflictDoUpdate({
          target: [serviceOptionTranslations.optionId, serviceOptionTranslations.locale],
          set,
        });
    }
    await recordAudit(tx, {
      actorId: operatorId,
      action: "service.translate",
      subjectType: "service",
      subjectId: name,
      before: { locale, ...before },
      after: { locale, ...texts },
      at: now,
    });
  });
  return serviceTranslationsOf(db, name);
}
