import { z } from "zod";
import { type Service, slugSchema } from "./catalogue.ts";
import type { TranslatedLocale } from "./i18n/locales.ts";

/*
 * A service's texts in Hindi or Marathi (issue 40, record 070). Every field may be null: not yet
 * translated, and the English shows in its place, field by field. The service's `name` (its id in
 * URLs and the API) and its options' keys never change with the language. The limits are the
 * English ones (`serviceSchema`): the served catalogue is read by the same schema in every language.
 */

export const TRANSLATED_LOCALES = ["hi-IN", "mr-IN"] as const satisfies readonly TranslatedLocale[];
export const translatedLocaleSchema = z.enum(TRANSLATED_LOCALES);

const text = (min: number, max: number) => z.string().trim().min(min).max(max).nullable();
const list = z.array(z.string().trim().min(2).max(160)).max(12).nullable();

export const optionTextsSchema = z.object({ label: text(2, 80), unit: text(1, 30).optional() }).strict();
export type OptionTexts = z.infer<typeof optionTextsSchema>;

export const serviceTextsSchema = z
  .object({
    title: text(2, 80),
    description: text(20, 600),
    includes: list,
    excludes: list,
    /** By option key; an option not listed keeps its English label and unit. */
    options: z.record(slugSchema, optionTextsSchema),
  })
  .strict();
export type ServiceTexts = z.infer<typeof serviceTextsSchema>;

/** A seed file of one language: each service's texts by its name. */
export const seedTranslationsSchema = z.record(slugSchema, serviceTextsSchema.partial({ options: true }));

/** A service as the console edits it: its English, and its texts in each other language. */
export const serviceTranslationsResponseSchema = z.object({
  service: z.object({
    name: slugSchema,
    group: z.string(),
    title: z.string(),
    description: z.string(),
    includes: z.array(z.string()),
    excludes: z.array(z.string()),
    options: z.array(z.object({ key: slugSchema, label: z.string(), unit: z.string().nullable() })),
  }),
  translations: z.record(translatedLocaleSchema, serviceTextsSchema),
});
export type ServiceTranslationsResponse = z.infer<typeof serviceTranslationsResponseSchema>;

/** The console's list: each service with how many of its texts each language has. */
export const translationListSchema = z.object({
  services: z.array(
    z.object({
      name: slugSchema,
      title: z.string(),
      group: z.string(),
      /** Texts to translate: title, description, includes, excludes, each option's label (and unit). */
      total: z.number().int(),
      done: z.record(translatedLocaleSchema, z.number().int()),
    }),
  ),
});
export type TranslationList = z.infer<typeof translationListSchema>;

/** Texts a service has to translate: 4 of its own, each option's label, and each unit it has. */
export function textsToTranslate(service: Pick<Service, "options">): number {
  return 4 + service.options.reduce((sum, option) => sum + (option.unit ? 2 : 1), 0);
}

/** How many of them a translation has. */
export function textsTranslated(service: Pick<Service, "options">, texts: ServiceTexts): number {
  const own = [texts.title, texts.description, texts.includes, texts.excludes].filter((v) => v !== null).length;
  return (
    own +
    service.options.reduce((sum, option) => {
      const t = texts.options[option.key];
      return sum + (t?.label ? 1 : 0) + (option.unit && t?.unit ? 1 : 0);
    }, 0)
  );
}

/** A service in a language: each translated field in place of its English, the rest as they are. */
export function translateService<S extends Service>(service: S, texts: ServiceTexts | undefined): S {
  if (!texts) return service;
  return {
    ...service,
    title: texts.title ?? service.title,
    ...(texts.title ? { englishTitle: service.title } : {}),
    description: texts.description ?? service.description,
    includes: texts.includes ?? service.includes,
    excludes: texts.excludes ?? service.excludes,
    options: service.options.map((option) => {
      const t = texts.options[option.key];
      if (!t) return option;
      return {
        ...option,
        label: t.label ?? option.label,
        ...(option.unit ? { unit: t.unit ?? option.unit } : {}),
      };
    }),
  };
}

/** No text translated: what a service has before anyone writes its language. */
export const untranslated = (): ServiceTexts => ({
  title: null,
  description: null,
  includes: null,
  excludes: null,
  options: {},
});
