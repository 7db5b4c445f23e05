import { eq } from "drizzle-orm";
import type { Catalogue } from "#domain/catalogue.ts";
import type { Locale } from "#domain/i18n/locales.ts";
import type { Database } from "#server/db/client.ts";
import { JSON_TYPE, type Prepared, prepare } from "#server/http/prepared.ts";
import { loadCatalogue } from "./catalogue.ts";
import { catalogueVersion } from "./schema.ts";

type Built = { version: number; catalogue: Catalogue; whole: Prepared; services: ReadonlyMap<string, Prepared> };

/**
 * The catalogue's public answers (`GET /api/services` and `/api/services/:name`, each in English,
 * Hindi or Marathi), built once per catalogue version and language: body, gzip, brotli and ETag.
 * Every instance asks the database's `catalogue_version` row (moved by triggers on any change,
 * translations included) at most once per `freshForMs`, so an edit shows within a second
 * everywhere, with one tiny query a second instead of two per request. A language is built when
 * first asked for at a version. Concurrent requests share one check and one build.
 */
export function createCatalogueAnswers(db: Database, { freshForMs = 1000, now = () => Date.now() } = {}) {
  const built = new Map<Locale, Built>();
  const building = new Map<Locale, Promise<Built>>();
  let version: number | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let checking: Promise<number> | undefined;

  async function currentVersion(): Promise<number> {
    const [row] = await db
      .select({ version: catalogueVersion.version })
      .from(catalogueVersion)
      .where(eq(catalogueVersion.id, 1));
    return row?.version ?? 0;
  }

  async function build(locale: Locale, at: number): Promise<Built> {
    const catalogue = await loadCatalogue(db, locale);
    const services = new Map<string, Prepared>();
    const all = catalogue.groups.flatMap((group) => group.services);
    const [whole, ...each] = await Promise.all([
      prepare(JSON_TYPE, JSON.stringify(catalogue)),
      ...all.map((service) => prepare(JSON_TYPE, JSON.stringify({ service }))),
    ]);
    all.forEach((service, i) => {
      const answer = each[i];
      if (answer) services.set(service.name, answer);
    });
    return { version: at, catalogue, whole: whole as Prepared, services };
  }

  const fresh = () => version !== undefined && now() - checkedAt < freshForMs;

  /** The version as it stands, asked of the database at most once per `freshForMs`. */
  async function check(): Promise<number> {
    if (fresh()) return version as number;
    checking ??= (async () => {
      const started = now();
      const next = await currentVersion();
      version = next;
      checkedAt = started;
      return next;
    })().finally(() => {
      checking = undefined;
    });
    return checking;
  }

  async function current(locale: Locale): Promise<Built> {
    const at = await check();
    const have = built.get(locale);
    if (have && have.version === at) return have;
    // Built from a version read before loading: an edit during the load moves the version again,
    // so the next check rebuilds; an answer is never kept as newer than it is.
    let pending = building.get(locale);
    if (!pending) {
      pending = build(locale, at)
        .then((next) => {
          const kept = built.get(locale);
          if (!kept || kept.version <= next.version) built.set(locale, next);
          return next;
        })
        .finally(() => building.delete(locale));
      building.set(locale, pending);
    }
    return pending;
  }

  return {
    /**
     * The answers in a language as they stand, without waiting, while they are fresh (checked
     * within `freshForMs`) and built at that version; undefined otherwise, which only the waiting
     * readers below mend.
     */
    ready(locale: Locale = "en-IN"): Pick<Built, "whole" | "services"> | undefined {
      const have = built.get(locale);
      return have && fresh() && have.version === version ? have : undefined;
    },
    /** The whole catalogue, grouped. */
    async whole(locale: Locale = "en-IN"): Promise<Prepared> {
      return (await current(locale)).whole;
    },
    /** The catalogue itself, as the answers were built from it (read-only). */
    async catalogue(locale: Locale = "en-IN"): Promise<Catalogue> {
      return (await current(locale)).catalogue;
    },
    /** One service by its URL name, or undefined. */
    async service(name: string, locale: Locale = "en-IN"): Promise<Prepared | undefined> {
      return (await current(locale)).services.get(name);
    },
  };
}

export type CatalogueAnswers = ReturnType<typeof createCatalogueAnswers>;
