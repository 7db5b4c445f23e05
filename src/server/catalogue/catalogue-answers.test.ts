import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueSchema } from "#domain/catalogue.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { createCatalogueAnswers } from "./catalogue-answers.ts";
import { catalogueVersion, serviceOptions, services } from "./schema.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const versionNow = async () =>
  (await t.database.db.select().from(catalogueVersion).where(eq(catalogueVersion.id, 1)))[0]?.version ?? 0;

describe("the catalogue's prepared answers", () => {
  it("are built once, answered from memory, and rebuilt within a second of an edit", async () => {
    let clock = 0;
    const answers = createCatalogueAnswers(t.database.db, { now: () => clock });
    expect(answers.ready(), "nothing built yet: the front door leaves it to the routes").toBeUndefined();
    const first = await answers.whole();
    expect(answers.ready()?.whole).toBe(first);
    const parsed = catalogueSchema.parse(JSON.parse(first.identity.toString("utf8")));
    expect(parsed.groups.flatMap((group) => group.services).length).toBeGreaterThan(20);
    // Compressed once, and the compressed forms are the same bytes.
    expect(brotliDecompressSync(first.br as Buffer)).toEqual(first.identity);
    expect(gunzipSync(first.gzip as Buffer)).toEqual(first.identity);
    expect(await answers.whole()).toBe(first);

    await t.database.db
      .update(services)
      .set({ title: "Sofa & Carpet Cleaning" })
      .where(eq(services.name, "sofa-cleaning"));
    clock = 999;
    expect(await answers.whole(), "within the second, the answer in memory").toBe(first);
    expect(answers.ready()?.whole).toBe(first);
    clock = 1000;
    expect(answers.ready(), "a check is due: only a waiting reader makes it").toBeUndefined();
    const second = await answers.whole();
    expect(answers.ready()?.whole).toBe(second);
    expect(answers.ready()?.services.get("sofa-cleaning")?.identity.toString("utf8")).toContain("Sofa & Carpet");
    expect(second.etag).not.toBe(first.etag);
    expect(second.identity.toString("utf8")).toContain("Sofa & Carpet Cleaning");
    const sofa = await answers.service("sofa-cleaning");
    expect(JSON.parse(sofa?.identity.toString("utf8") ?? "{}").service.title).toBe("Sofa & Carpet Cleaning");
    expect(await answers.service("no-such-service")).toBeUndefined();

    // Nothing changed: checked again, not rebuilt.
    clock = 5000;
    expect(await answers.whole()).toBe(second);
  });

  it("share one check and one build among requests that arrive together", async () => {
    const answers = createCatalogueAnswers(t.database.db, { now: () => 0 });
    const all = await Promise.all(Array.from({ length: 20 }, () => answers.whole()));
    expect(new Set(all).size).toBe(1);
  });

  it("learn of every kind of change: the triggers move the version on insert, update and delete of either table", async () => {
    const start = await versionNow();
    const [service] = await t.database.db.select().from(services).where(eq(services.name, "plumber"));
    const id = service?.id ?? 0;
    await t.database.db.insert(serviceOptions).values({
      serviceId: id,
      key: "test-option",
      label: "Test option",
      priceRupees: 10,
      durationMinutes: 30,
      position: 99,
    });
    expect(await versionNow()).toBe(start + 1);
    await t.database.db.update(serviceOptions).set({ priceRupees: 11 }).where(eq(serviceOptions.key, "test-option"));
    expect(await versionNow()).toBe(start + 2);
    await t.database.db.delete(serviceOptions).where(eq(serviceOptions.key, "test-option"));
    // The delete cascades to the option's translations (migration 0020), whose own trigger moves it too.
    const deleted = await versionNow();
    expect(deleted).toBeGreaterThanOrEqual(start + 3);
    await t.database.db
      .update(services)
      .set({ position: service?.position ?? 0 })
      .where(eq(services.id, id));
    expect(await versionNow()).toBe(deleted + 1);
  });
});
