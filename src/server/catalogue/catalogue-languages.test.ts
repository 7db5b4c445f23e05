import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Catalogue, catalogueSchema, type Service, serviceSchema } from "#domain/catalogue.ts";
import { serviceTranslationsResponseSchema, translationListSchema } from "#domain/catalogue-translations.ts";
import { allServices } from "#domain/service-lookup.ts";
import { auditLog } from "#server/ops/schema.ts";
import { signUpCustomer } from "#testing/customers.ts";
import { signInAsOperator } from "#testing/mates.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { readSeedCatalogue } from "./catalogue.ts";
import { createCatalogueAnswers } from "./catalogue-answers.ts";
import { readSeedTranslations, seedTranslations } from "./catalogue-translations.ts";
import { catalogueAtTheDoor } from "./routes.ts";
import { catalogueVersion } from "./schema.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function catalogueIn(query = ""): Promise<Catalogue> {
  const response = await t.request(`/api/services${query}`);
  expect(response.status).toBe(200);
  return catalogueSchema.parse(await response.json());
}
const byName = (catalogue: Catalogue) => new Map(allServices(catalogue).map((service) => [service.name, service]));
const versionNow = async () =>
  (await t.database.db.select().from(catalogueVersion).where(eq(catalogueVersion.id, 1)))[0]?.version ?? 0;
const json = (body: unknown) => ({ body: JSON.stringify(body) });

describe("the catalogue in Hindi and Marathi (issue 40)", () => {
  it("answers every service and option in the language asked, its names, prices and groups unchanged", async () => {
    const english = await catalogueIn();
    const hindi = await catalogueIn("?lang=hi-IN");
    const marathi = await catalogueIn("?lang=mr-IN");
    expect(hindi.groups.map((group) => group.name)).toEqual(english.groups.map((group) => group.name));
    const en = byName(english);
    for (const [locale, catalogue] of [
      ["hi-IN", hindi],
      ["mr-IN", marathi],
    ] as const) {
      const shipped = readSeedTranslations(locale);
      for (const service of allServices(catalogue)) {
        const original = en.get(service.name) as Service;
        const texts = shipped[service.name];
        expect(service.title, `${locale} ${service.name}`).toBe(texts?.title);
        expect(service.englishTitle).toBe(original.title);
        expect(service.description).toBe(texts?.description);
        expect(service.includes).toEqual(texts?.includes);
        expect(service.excludes).toEqual(texts?.excludes);
        expect(service.group).toBe(original.group);
        expect(service.options.map((o) => [o.key, o.priceRupees, o.durationMinutes])).toEqual(
          original.options.map((o) => [o.key, o.priceRupees, o.durationMinutes]),
        );
        for (const option of service.options) {
          expect(option.label, `${locale} ${service.name}/${option.key}`).toBe(texts?.options?.[option.key]?.label);
          const englishUnit = original.options.find((o) => o.key === option.key)?.unit;
          expect(option.unit).toBe(englishUnit ? texts?.options?.[option.key]?.unit : undefined);
        }
      }
    }
    expect(byName(hindi).get("plumber")?.title).toBe("प्लंबर");
    expect(byName(marathi).get("carpenter")?.title).toBe("सुतार");
    expect(allServices(english).every((service) => service.englishTitle === undefined)).toBe(true);
  });

  it("ships a translation of every seeded service in both languages", () => {
    for (const locale of ["hi-IN", "mr-IN"] as const) {
      const shipped = readSeedTranslations(locale);
      for (const service of readSeedCatalogue()) {
        const texts = shipped[service.name];
        expect(texts?.title && texts.description, `${locale} ${service.name}`).toBeTruthy();
        expect(texts?.includes?.length).toBe(service.includes.length);
        expect(texts?.excludes?.length).toBe(service.excludes.length);
        for (const option of service.options) expect(texts?.options?.[option.key]?.label).toBeTruthy();
      }
    }
  });

  it("answers one service in a language, English as before, and refuses a language it does not speak", async () => {
    const hindi = await t.request("/api/services/plumber?lang=hi-IN");
    expect(serviceSchema.parse(((await hindi.json()) as { service: unknown }).service).title).toBe("प्लंबर");
    const english = await t.request("/api/services/plumber?lang=en-IN");
    expect(((await english.json()) as { service: Service }).service.title).toBe("Plumber");
    const plain = await t.request("/api/services");
    const asked = await t.request("/api/services?lang=en-IN");
    expect(asked.headers.get("etag")).toBe(plain.headers.get("etag"));
    expect(hindi.headers.get("etag")).not.toBe(english.headers.get("etag"));
    for (const query of ["?lang=ta-IN", "?lang=hi", "?lang="]) {
      expect((await t.request(`/api/services${query}`)).status, query).toBe(400);
    }
  });
});

describe("the console edits a service's languages", () => {
  it("is for operators only: a visitor gets 401 and a customer 403 on every route", async () => {
    const customer = await signUpCustomer(t, "Not An Operator");
    const body = { title: "x", description: null, includes: null, excludes: null, options: {} };
    const routes = [
      ["GET", "/api/ops/translations"],
      ["GET", "/api/ops/translations/plumber"],
      ["PUT", "/api/ops/translations/plumber/hi-IN"],
    ] as const;
    for (const [method, path] of routes) {
      const init = method === "PUT" ? { method, ...json(body) } : { method };
      expect((await t.request(path, init)).status, `${method} ${path}`).toBe(401);
      expect((await customer.request(path, init)).status, `${method} ${path}`).toBe(403);
    }
  });

  it("lists each service with how much of it is translated, and reads one beside its English", async () => {
    const operator = await signInAsOperator(t);
    const list = translationListSchema.parse(await (await operator.request("/api/ops/translations")).json());
    expect(list.services.length).toBe(readSeedCatalogue().length);
    for (const service of list.services) {
      expect(service.done["hi-IN"], service.name).toBe(service.total);
      expect(service.done["mr-IN"], service.name).toBe(service.total);
    }
    const one = serviceTranslationsResponseSchema.parse(
      await (await operator.request("/api/ops/translations/groceries")).json(),
    );
    expect(one.service.title).toBe("Groceries");
    expect(one.translations["mr-IN"].title).toBe("किराणा");
    expect(one.translations["hi-IN"].options["tata-salt-1kg"]).toEqual({ label: "टाटा नमक", unit: "1 kg" });
    expect((await operator.request("/api/ops/translations/no-such-service")).status).toBe(404);
  });

  it("saves one language, audited; what is left null shows in English, field by field, within a second", async () => {
    const operator = await signInAsOperator(t);
    const before = await versionNow();
    const edit = {
      title: "बिजली मिस्त्री",
      description: null,
      includes: ["जाँच और ख़राबी ढूँढना"],
      excludes: null,
      options: { "light-fitting": { label: "लाइट लगाना (3 तक)", unit: null } },
    };
    const saved = await operator.request("/api/ops/translations/electrician/hi-IN", { method: "PUT", ...json(edit) });
    expect(saved.status).toBe(200);
    const answer = serviceTranslationsResponseSchema.parse(await saved.json());
    expect(answer.translations["hi-IN"]).toEqual(edit);
    expect(answer.translations["mr-IN"].title).toBe("इलेक्ट्रिशियन");
    expect(await versionNow()).toBeGreaterThan(before);

    // The app's answers are checked at most once a second; the next one after that has the edit.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const served = byName(await catalogueIn("?lang=hi-IN")).get("electrician") as Service;
    const english = byName(await catalogueIn()).get("electrician") as Service;
    expect(served.title).toBe("बिजली मिस्त्री");
    expect(served.description).toBe(english.description);
    expect(served.includes).toEqual(["जाँच और ख़राबी ढूँढना"]);
    expect(served.excludes).toEqual(english.excludes);
    expect(served.options.find((o) => o.key === "light-fitting")?.label).toBe("लाइट लगाना (3 तक)");
    expect(served.options.find((o) => o.key === "visit-and-diagnosis")?.label).toBe("Visit & diagnosis");
    expect(byName(await catalogueIn("?lang=mr-IN")).get("electrician")?.title).toBe("इलेक्ट्रिशियन");

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "service"), eq(auditLog.subjectId, "electrician")))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.action).toBe("service.translate");
    expect(entry?.before).toMatchObject({ locale: "hi-IN", title: "इलेक्ट्रीशियन" });
    expect(entry?.after).toMatchObject({ locale: "hi-IN", title: "बिजली मिस्त्री", description: null });
    const audit = await operator.request("/api/ops/audit?subjectType=service");
    expect(JSON.stringify(await audit.json())).toContain("service.translate");

    // Seeding again (the next start) leaves the operator's texts alone and writes nothing.
    const seededAt = await versionNow();
    expect(await seedTranslations(t.database.db)).toBe(0);
    expect(await versionNow()).toBe(seededAt);
  });

  it("refuses options the service does not have, units it has none of, and languages it cannot take", async () => {
    const operator = await signInAsOperator(t);
    const base = { title: null, description: null, includes: null, excludes: null };
    const put = (path: string, body: unknown) => operator.request(path, { method: "PUT", ...json(body) });
    expect(
      (await put("/api/ops/translations/plumber/hi-IN", { ...base, options: { nope: { label: "ना" } } })).status,
    ).toBe(400);
    const unit = { ...base, options: { "flush-tank-repair": { label: "फ़्लश टैंक", unit: "1 पीस" } } };
    expect((await put("/api/ops/translations/plumber/hi-IN", unit)).status).toBe(400);
    expect((await put("/api/ops/translations/plumber/en-IN", { ...base, options: {} })).status).toBe(400);
    expect(
      (await put("/api/ops/translations/plumber/hi-IN", { ...base, title: "x".repeat(81), options: {} })).status,
    ).toBe(400);
    expect((await put("/api/ops/translations/nothing-here/hi-IN", { ...base, options: {} })).status).toBe(404);
  });
});

describe("the prepared answers, per language", () => {
  it("are built once per language and version, and the front door sends each language only for its own URL", async () => {
    let clock = 0;
    const answers = createCatalogueAnswers(t.database.db, { now: () => clock });
    const door = catalogueAtTheDoor(answers);
    const english = await answers.whole();
    expect(door("/api/services", "lang=hi-IN"), "not built in Hindi yet").toBeUndefined();
    const hindi = await answers.whole("hi-IN");
    expect(hindi).not.toBe(english);
    expect(hindi.etag).not.toBe(english.etag);
    expect(await answers.whole("hi-IN")).toBe(hindi);
    expect(door("/api/services", "")?.answer).toBe(english);
    expect(door("/api/services", "lang=en-IN")?.answer).toBe(english);
    expect(door("/api/services", "lang=hi-IN")?.answer).toBe(hindi);
    expect(door("/api/services/plumber", "lang=hi-IN")?.answer.identity.toString("utf8")).toContain("प्लंबर");
    expect(door("/api/services", "from=home&lang=hi-IN")?.answer, "other parameters ignored").toBe(hindi);
    expect(door("/api/services", "from=home")?.answer).toBe(english);
    for (const query of ["lang=xx", "lang=", "lang=hi-IN&lang=hi-IN", "lang=mr-IN"]) {
      expect(door("/api/services", query), query).toBeUndefined();
    }

    // A translation changes: both languages are built again at the new version when next asked.
    const operator = await signInAsOperator(t);
    const edit = { title: "घर की गहरी सफ़ाई", description: null, includes: null, excludes: null, options: {} };
    await operator.request("/api/ops/translations/deep-cleaning/hi-IN", { method: "PUT", ...json(edit) });
    clock = 1000;
    expect(answers.ready("hi-IN")).toBeUndefined();
    const rebuilt = await answers.whole("hi-IN");
    expect(rebuilt).not.toBe(hindi);
    expect(rebuilt.identity.toString("utf8")).toContain("घर की गहरी सफ़ाई");
    expect(answers.ready("en-IN"), "English waits for its own reader").toBeUndefined();
    const englishAgain = await answers.whole();
    expect(englishAgain).not.toBe(english);
    expect(englishAgain.etag).toBe(english.etag);
  });
});
