import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { languageSchema } from "#domain/i18n/language-api.ts";
import { signUpCustomer } from "#testing/customers.ts";
import { signInAsMate } from "#testing/mates.ts";
import { errorOf } from "#testing/requests.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { localeOfUser } from "./language-routes.ts";

/** Issue 40: the language kept in a person's account, which their mails and pushes go out in. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const put = (body: unknown) => ({ method: "PUT", body: JSON.stringify(body) });

describe("/api/me/language", () => {
  it("is English for a new account, and keeps what the customer chooses", async () => {
    const customer = await signUpCustomer(t);
    const read = async () => languageSchema.parse(await (await customer.request("/api/me/language")).json()).locale;
    expect(await read()).toBe("en-IN");
    const saved = await customer.request("/api/me/language", put({ locale: "hi-IN" }));
    expect(saved.status).toBe(200);
    expect(await read()).toBe("hi-IN");
    expect(await localeOfUser(t.database.db, customer.id)).toBe("hi-IN");
  });

  it("is a mate's too", async () => {
    const mate = await signInAsMate(t, "mate-006");
    expect((await mate.request("/api/me/language", put({ locale: "mr-IN" }))).status).toBe(200);
    expect(await localeOfUser(t.database.db, mate.id)).toBe("mr-IN");
  });

  it("refuses a language Mates does not speak, and changes nothing", async () => {
    const customer = await signUpCustomer(t);
    for (const body of [{ locale: "ta-IN" }, { locale: "hi" }, {}, { locale: "hi-IN", extra: 1 }]) {
      const answer = await customer.request("/api/me/language", put(body));
      expect(answer.status).toBe(400);
      expect((await errorOf(answer)).code).toBe("invalid_input");
    }
    expect(await localeOfUser(t.database.db, customer.id)).toBe("en-IN");
  });

  it("is nobody's for a visitor", async () => {
    expect((await t.request("/api/me/language")).status).toBe(401);
    expect((await t.request("/api/me/language", put({ locale: "hi-IN" }))).status).toBe(401);
  });

  it("is English for someone unknown", async () => {
    expect(await localeOfUser(t.database.db, "nobody")).toBe("en-IN");
  });
});
