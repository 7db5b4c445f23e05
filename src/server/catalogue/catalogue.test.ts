import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "#domain/api-error.ts";
import { catalogueSchema, serviceSchema } from "#domain/catalogue.ts";
import { SERVICE_GROUPS } from "#domain/constants.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { readSeedCatalogue, seedCatalogue } from "./catalogue.ts";
import { services } from "./schema.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/services", () => {
  it("returns the whole seeded catalogue grouped Homekit, Nearkart, Renova", async () => {
    const response = await t.request("/api/services");
    expect(response.status).toBe(200);
    const catalogue = catalogueSchema.parse(await response.json());
    expect(catalogue.groups.map((group) => group.name)).toEqual([...SERVICE_GROUPS]);
    for (const group of catalogue.groups) {
      expect(group.services.length).toBeGreaterThanOrEqual(8);
      for (const service of group.services) {
        expect(service.group).toBe(group.name);
        // Nearkart categories list their shop items (with units); other services 2 to 5 options.
        if (service.group === "Nearkart") {
          expect(service.options.length).toBeGreaterThanOrEqual(6);
          for (const option of service.options) expect(option.unit, `${service.name}/${option.key}`).toBeTruthy();
        } else {
          expect(service.options.length).toBeGreaterThanOrEqual(2);
          expect(service.options.length).toBeLessThanOrEqual(5);
        }
      }
    }
    const seeded = readSeedCatalogue();
    expect(catalogue.groups.flatMap((group) => group.services).length).toBe(seeded.length);
    // Renova's free site visit costs nothing; every other price is positive.
    const prices = catalogue.groups.flatMap((group) =>
      group.services.flatMap((service) => service.options.map((option) => [service.name, option.priceRupees] as const)),
    );
    expect(prices.filter(([, price]) => price === 0).every(([name]) => name === "site-visit")).toBe(true);
    // One story: a site visit is the free service, never a paid option beside it.
    const visitOptions = catalogue.groups.flatMap((group) =>
      group.services.flatMap((service) =>
        service.name === "site-visit" ? [] : service.options.filter((option) => /site visit/i.test(option.label)),
      ),
    );
    expect(visitOptions).toEqual([]);
  });

  it("answers 304 to a request carrying the current ETag", async () => {
    const first = await t.request("/api/services");
    const tag = first.headers.get("ETag");
    expect(tag).toBeTruthy();
    expect(first.headers.get("Cache-Control")).toContain("no-cache");
    const second = await t.request("/api/services", { headers: { "If-None-Match": tag as string } });
    expect(second.status).toBe(304);
    expect(await second.text()).toBe("");
  });

  it("changes the ETag when the catalogue is edited", async () => {
    const before = (await t.request("/api/services")).headers.get("ETag");
    await t.database.db.update(services).set({ title: "Deep Home Cleaning" }).where(eq(services.name, "deep-cleaning"));
    // The answer is built once per catalogue version, checked at most once a second.
    await expect
      .poll(async () => (await t.request("/api/services", { headers: { "If-None-Match": before as string } })).status, {
        timeout: 3_000,
      })
      .toBe(200);
    const after = await t.request("/api/services");
    expect(after.headers.get("ETag")).not.toBe(before);
    expect(JSON.stringify(await after.json())).toContain("Deep Home Cleaning");
    const one = await t.request("/api/services/deep-cleaning");
    expect(((await one.json()) as { service: { title: string } }).service.title).toBe("Deep Home Cleaning");
  });
});

describe("GET /api/services/:name", () => {
  it("returns one service with its options and prices", async () => {
    const response = await t.request("/api/services/plumber");
    expect(response.status).toBe(200);
    const { service } = (await response.json()) as { service: unknown };
    const parsed = serviceSchema.parse(service);
    expect(parsed.name).toBe("plumber");
    expect(parsed.group).toBe("Homekit");
    expect(parsed.options[0]?.priceRupees).toBeGreaterThan(0);
  });

  it("answers an unknown service with a JSON 404", async () => {
    const response = await t.request("/api/services/teleportation");
    expect(response.status).toBe(404);
    expect(apiErrorSchema.parse(await response.json()).error).toEqual({
      code: "not_found",
      message: 'There is no service called "teleportation".',
    });
  });

  it("answers a name that cannot be a service with a JSON 400", async () => {
    const response = await t.request("/api/services/Not%20A%20Slug");
    expect(response.status).toBe(400);
    expect(apiErrorSchema.parse(await response.json()).error.code).toBe("invalid_input");
  });
});

describe("seeding", () => {
  it("never overwrites a catalogue that already exists", async () => {
    expect(await seedCatalogue(t.database.db, readSeedCatalogue())).toBe(0);
    const [row] = await t.database.db.select().from(services).where(eq(services.name, "deep-cleaning"));
    expect(row?.title).toBe("Deep Home Cleaning");
  });
});

describe("the API's edges", () => {
  it("GET /api/health checks the database", async () => {
    const response = await t.request("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await t.request("/api/nothing-here");
    expect(response.status).toBe(404);
    expect(apiErrorSchema.parse(await response.json()).error.code).toBe("not_found");
  });
});
