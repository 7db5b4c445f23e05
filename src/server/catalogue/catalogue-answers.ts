import { eq } from "drizzle-orm";
import type { Catalogue } from "#domain/catalogue.ts";
import type { Database } from "#server/db/client.ts";
import { JSON_TYPE, type Prepared, prepare } from "#server/http/prepared.ts";
import { loadCatalogue } from "./catalogue.ts";
import { catalogueVersion } from "./schema.ts";

type Built = { version: number; catalogue: Catalogue; whole: Prepared; services: ReadonlyMap<string, Prepared> };

/**
 * The catalogue's public answers (`GET /api/services` and `/api/services/:name`), built once per
 * catalogue version: body, gzip, brotli and ETag. Every instance asks the database's
 * `catalogue_version` row (moved by triggers on any change) at most once per `freshForMs`, so an
 * edit shows within a second everywhere, with one tiny query a second instead of two per request.
 * Concurrent requests share one check and one rebuild.
 */
export function createCatalogueAnswers(db: Database, { freshForMs = 1000, now = () => Date.now() } = {}) {
  let built: Built | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<Built> | undefined;

  async function currentVersion(): Promise<number> {
    const [row] = await db
      .select({ version: catalogueVersion.version })
      .from(catalogueVersion)
      .where(eq(catalogueVersion.id, 1));
    return row?.version ?? 0;
  }

  async function build(version: number): Promise<Built> {
    const catalogue = await loadCatalogue(db);
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
    return { version, catalogue, whole: whole as Prepared, services };
  }

  async function refresh(): Promise<Built> {
    const started = now();
    const version = await currentVersion();
    // Built from a version read before loading: an edit during the load moves the version again,
    // so the next check rebuilds; an answer is never kept as newer than it is.
    const next = built && built.version === version ? built : await build(version);
    built = next;
    checkedAt = started;
    return next;
  }

  async function current(): Promise<Built> {
    if (built && now() - checkedAt < freshForMs) return built;
    pending ??= refresh().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  return {
    /**
     * The answers as they stand, without waiting, while they are fresh (checked within
     * `freshForMs`); undefined when a check is due, which only the waiting readers below make.
     */
    ready(): Pick<Built, "whole" | "services"> | undefined {
      return built && now() - checkedAt < freshForMs ? built : undefined;
    },
    /** The whole catalogue, grouped. */
    async whole(): Promise<Prepared> {
      return (await current()).whole;
    },
    /** The catalogue itself, as the answers were built from it (read-only). */
    async catalogue(): Promise<Catalogue> {
      return (await current()).catalogue;
    },
    /** One service by its URL name, or undefined. */
    async service(name: string): Promise<Prepared | undefined> {
      return (await current()).services.get(name);
    },
  };
}

export type CatalogueAnswers = ReturnType<typeof createCatalogueAnswers>;
