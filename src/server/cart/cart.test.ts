import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CART_LIMITS, type Cart, cartSchema, mergeResultSchema } from "#domain/cart.ts";
import { readSeedCatalogue, seedCatalogue } from "#server/catalogue/catalogue.ts";
import { cookieJar } from "#testing/cookie-jar.ts";
import { signUpCustomer, type TestCustomer } from "#testing/customers.ts";
import { errorOf } from "#testing/requests.ts";
import { createTestApp, createTestDatabase, type TestApp } from "#testing/test-app.ts";

const json = (body: unknown) => ({ method: "POST", body: JSON.stringify(body) });
const cartOf = async (response: Response): Promise<Cart> => {
  expect(response.status, await response.clone().text()).toBe(200);
  return cartSchema.parse(await response.json());
};

/** Every option of the shipped catalogue, as cart lines, for filling a cart past its limit. */
const everyOption = readSeedCatalogue().flatMap((service) =>
  service.options.map((option) => ({ service: service.name, option: option.key, price: option.priceRupees })),
);

describe("the customer's cart", () => {
  let t: TestApp;
  let priya: TestCustomer;
  beforeAll(async () => {
    t = await createTestApp();
    priya = await signUpCustomer(t, "Priya Sharma");
  });
  afterAll(() => t.close());

  it("starts empty and needs a signed-in customer", async () => {
    expect(await cartOf(await priya.request("/api/cart"))).toEqual({ items: [], count: 0, totalRupees: 0 });
    const visitor = await t.request("/api/cart");
    expect(visitor.status).toBe(401);
    expect((await errorOf(visitor)).code).toBe("unauthenticated");
    expect(
      (await t.request("/api/cart/items", json({ service: "plumber", option: "drain-blockage", quantity: 1 }))).status,
    ).toBe(401);
  });

  it("adds items priced from the catalogue, and adds up the same option", async () => {
    const customer = await signUpCustomer(t);
    let cart = await cartOf(
      await customer.request("/api/cart/items", json({ service: "plumber", option: "drain-blockage", quantity: 2 })),
    );
    expect(cart.count).toBe(1);
    expect(cart.items[0]).toMatchObject({
      service: "plumber",
      option: "drain-blockage",
      serviceTitle: "Plumber",
      quantity: 2,
      unitPriceRupees: 449,
      lineTotalRupees: 898,
    });
    cart = await cartOf(
      await customer.request("/api/cart/items", json({ service: "plumber", option: "drain-blockage", quantity: 3 })),
    );
    expect(cart.count).toBe(1);
    expect(cart.items[0]?.quantity).toBe(5);
    cart = await cartOf(
      await customer.request("/api/cart/items", json({ service: "deep-cleaning", option: "2-bhk", quantity: 1 })),
    );
    expect(cart.count).toBe(2);
    expect(cart.totalRupees).toBe(5 * 449 + 4999);
    expect(cart.items.map((item) => item.service)).toEqual(["plumber", "deep-cleaning"]);
  });

  it("never takes a price from the browser", async () => {
    const customer = await signUpCustomer(t);
    const response = await customer.request(
      "/api/cart/items",
      json({ service: "plumber", option: "drain-blockage", quantity: 1, priceRupees: 1 }),
    );
    expect(response.status).toBe(400);
    expect(await cartOf(await customer.request("/api/cart"))).toMatchObject({ count: 0 });
  });

  it("refuses unknown services and options, bad quantities and bad bodies with clear messages", async () => {
    const cases: [unknown, number, RegExp][] = [
      [
        { service: "teleportation", option: "one-way", quantity: 1 },
        400,
        /no option "one-way" of a service "teleportation"/,
      ],
      [{ service: "plumber", option: "rocket-repair", quantity: 1 }, 400, /no option "rocket-repair"/],
      [{ service: "plumber", option: "drain-blockage", quantity: 0 }, 400, /at least 1/],
      [{ service: "plumber", option: "drain-blockage", quantity: 21 }, 400, /at most 20/],
      [{ service: "plumber", option: "drain-blockage", quantity: 1.5 }, 400, /whole number/],
      [{ service: "plumber", option: "drain-blockage", quantity: "2" }, 400, /whole number/],
      [{ service: "Plumber!", option: "drain-blockage", quantity: 1 }, 400, /service/],
      [{ option: "drain-blockage", quantity: 1 }, 400, /service/],
    ];
    for (const [body, status, message] of cases) {
      const response = await priya.request("/api/cart/items", json(body));
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect((await errorOf(response)).message).toMatch(message);
    }
    const broken = await priya.request("/api/cart/items", { method: "POST", body: "{not json" });
    expect(broken.status).toBe(400);
    expect((await errorOf(broken)).code).toBe("invalid_json");
    expect(await cartOf(await priya.request("/api/cart"))).toMatchObject({ count: 0 });
  });

  it("keeps one option at most 20 and a cart at most 50 items", async () => {
    const customer = await signUpCustomer(t);
    await cartOf(
      await customer.request(
        "/api/cart/items",
        json({ service: "bakery", option: everyOption.find((o) => o.service === "bakery")?.option, quantity: 15 }),
      ),
    );
    const over = await customer.request(
      "/api/cart/items",
      json({ service: "bakery", option: everyOption.find((o) => o.service === "bakery")?.option, quantity: 6 }),
    );
    expect(over.status).toBe(400);
    expect((await errorOf(over)).message).toMatch(/at most 20 of one option; your cart already has 15/);

    const rest = everyOption.filter((o) => o.service !== "bakery").slice(0, CART_LIMITS.maxItems - 1);
    for (const line of rest) {
      await cartOf(
        await customer.request("/api/cart/items", json({ service: line.service, option: line.option, quantity: 1 })),
      );
    }
    const full = await customer.request(
      "/api/cart/items",
      json({ ...pick(everyOption[everyOption.length - 1]), quantity: 1 }),
    );
    expect(full.status).toBe(400);
    expect(await errorOf(full)).toEqual({
      code: "cart_full",
      message: "Your cart can hold at most 50 different items. Book or remove some first.",
    });
    expect((await cartOf(await customer.request("/api/cart"))).count).toBe(CART_LIMITS.maxItems);
  });

  it("changes quantities and removes items, only in the customer's own cart", async () => {
    const customer = await signUpCustomer(t);
    const other = await signUpCustomer(t, "Someone Else");
    const cart = await cartOf(
      await customer.request("/api/cart/items", json({ service: "electrician", option: "light-fitting", quantity: 1 })),
    );
    const id = cart.items[0]?.id as string;

    const patch = (who: TestCustomer, body: unknown, itemId = id) =>
      who.request(`/api/cart/items/${itemId}`, { method: "PATCH", body: JSON.stringify(body) });
    expect((await cartOf(await patch(customer, { quantity: 4 }))).items[0]).toMatchObject({
      quantity: 4,
      lineTotalRupees: 4 * 349,
    });
    expect((await patch(customer, { quantity: 0 })).status).toBe(400);
    expect((await patch(customer, { quantity: 3, priceRupees: 1 })).status).toBe(400);
    expect((await patch(customer, { quantity: 2 }, "not-an-id")).status).toBe(400);

    // Another customer can neither change nor remove it, and cannot tell it exists.
    const foreign = await patch(other, { quantity: 9 });
    expect(foreign.status).toBe(404);
    expect((await other.request(`/api/cart/items/${id}`, { method: "DELETE" })).status).toBe(404);
    expect((await cartOf(await other.request("/api/cart"))).count).toBe(0);
    expect((await cartOf(await customer.request("/api/cart"))).items[0]?.quantity).toBe(4);

    expect(await cartOf(await customer.request(`/api/cart/items/${id}`, { method: "DELETE" }))).toMatchObject({
      count: 0,
    });
    expect((await customer.request(`/api/cart/items/${id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("answers a change with the whole cart as a fresh read would show it, in order", async () => {
    const customer = await signUpCustomer(t);
    const add = (service: string, option: string) =>
      customer.request("/api/cart/items", json({ service, option, quantity: 1 }));
    await add("plumber", "drain-blockage");
    await add("electrician", "light-fitting");
    const [first, second, third] = (await cartOf(await add("deep-cleaning", "2-bhk"))).items;

    const changed = await cartOf(
      await customer.request(`/api/cart/items/${second?.id}`, {
        method: "PATCH",
        body: JSON.stringify({ quantity: 7 }),
      }),
    );
    expect(changed.items.map((item) => [item.id, item.quantity])).toEqual([
      [first?.id, 1],
      [second?.id, 7],
      [third?.id, 1],
    ]);
    expect(changed.totalRupees).toBe(449 + 7 * 349 + (third?.unitPriceRupees ?? 0));
    expect(await cartOf(await customer.request("/api/cart"))).toEqual(changed);

    const removed = await cartOf(await customer.request(`/api/cart/items/${first?.id}`, { method: "DELETE" }));
    expect(removed.items.map((item) => item.id)).toEqual([second?.id, third?.id]);
    expect(removed.count).toBe(2);
    expect(await cartOf(await customer.request("/api/cart"))).toEqual(removed);
  });

  it("refuses a change from another site", async () => {
    const response = await t.app.request("/api/cart/items", {
      method: "POST",
      headers: { cookie: priya.cookie, origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ service: "plumber", option: "drain-blockage", quantity: 1 }),
    });
    expect(response.status).toBe(403);
  });
});

function pick(line: { service: string; option: string } | undefined) {
  if (!line) throw new Error("no option");
  return { service: line.service, option: line.option };
}

describe("merging a visitor's cart at sign-in", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const merge = (who: TestCustomer, items: unknown) => who.request("/api/cart/merge", json({ items }));

  it("adds every local item, adding up quantities of the same option to the limit", async () => {
    const customer = await signUpCustomer(t);
    await cartOf(
      await customer.request("/api/cart/items", json({ service: "plumber", option: "drain-blockage", quantity: 15 })),
    );
    const response = await merge(customer, [
      { service: "plumber", option: "drain-blockage", quantity: 4 },
      { service: "sofa-cleaning", option: "3-seater", quantity: 1 },
      { service: "plumber", option: "drain-blockage", quantity: 3 },
    ]);
    expect(response.status).toBe(200);
    const { cart, leftOut } = mergeResultSchema.parse(await response.json());
    expect(leftOut).toEqual([]);
    expect(cart.items.map((item) => [item.service, item.option, item.quantity])).toEqual([
      ["plumber", "drain-blockage", 20],
      ["sofa-cleaning", "3-seater", 1],
    ]);
  });

  it("says which lines it could not merge, and merges the rest", async () => {
    const customer = await signUpCustomer(t);
    const known = everyOption.slice(0, CART_LIMITS.maxItems + 2).map((o) => ({ ...pick(o), quantity: 1 }));
    const response = await merge(customer, [{ service: "time-travel", option: "to-1990", quantity: 1 }, ...known]);
    const { cart, leftOut } = mergeResultSchema.parse(await response.json());
    expect(cart.count).toBe(CART_LIMITS.maxItems);
    // In the visitor's order, although one transaction inserted them all.
    expect(cart.items.map((item) => `${item.service}/${item.option}`)).toEqual(
      known.slice(0, CART_LIMITS.maxItems).map((line) => `${line.service}/${line.option}`),
    );
    expect(leftOut).toEqual([
      { service: "time-travel", option: "to-1990", quantity: 1, reason: "unknown_option" },
      { ...known[CART_LIMITS.maxItems], reason: "cart_full" },
      { ...known[CART_LIMITS.maxItems + 1], reason: "cart_full" },
    ]);
  });

  it("changes nothing when the list is malformed", async () => {
    const customer = await signUpCustomer(t);
    const response = await merge(customer, [
      { service: "plumber", option: "drain-blockage", quantity: 2 },
      { service: "plumber", option: "drain-blockage", quantity: 99 },
    ]);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toMatch(/items\.1\.quantity: Quantity can be at most 20/);
    expect(await cartOf(await customer.request("/api/cart"))).toMatchObject({ count: 0 });
    expect((await merge(customer, "everything")).status).toBe(400);
  });
});

describe("what a signed-in cart request costs the database", () => {
  // Every statement the ORM sends to this test's database, in order.
  const statements: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    const database = await createTestDatabase((sql) => statements.push(sql));
    await seedCatalogue(database.db, readSeedCatalogue());
    t = await createTestApp({ database });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  it("one statement to change a quantity, one to remove an item, one to read the cart", async () => {
    // Signed up as a browser is: it keeps every cookie of the answer, the signed session cache too.
    const signUp = await t.request("/api/auth/sign-up/email", {
      method: "POST",
      body: JSON.stringify({
        name: "Meera Iyer",
        email: `cart.cost.${Date.now()}@example.com`,
        password: "vada-pav-2026",
        mobile: "9820012345",
      }),
    });
    expect(signUp.status).toBe(200);
    const jar = cookieJar();
    jar.take(signUp.headers.getSetCookie());
    expect(jar.has("mates.session_data")).toBe(true);
    const send = async (path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set("cookie", jar.header());
      return t.request(path, { ...init, headers });
    };
    const added = await cartOf(
      await send("/api/cart/items", json({ service: "plumber", option: "drain-blockage", quantity: 1 })),
    );
    await cartOf(await send("/api/cart/items", json({ service: "deep-cleaning", option: "2-bhk", quantity: 1 })));
    const id = added.items[0]?.id ?? "";
    // The session comes from its signed cookie (record 026) and the write limit from memory or Redis:
    // what is left is the cart's own statement.
    const costOf = async (request: () => Promise<Response>) => {
      statements.length = 0;
      const response = await request();
      return { cart: await cartOf(response), statements: [...statements] };
    };

    const changed = await costOf(() =>
      send(`/api/cart/items/${id}`, { method: "PATCH", body: JSON.stringify({ quantity: 3 }) }),
    );
    expect(changed.cart.items.map((item) => item.quantity)).toEqual([3, 1]);
    expect(changed.statements).toHaveLength(1);

    const removed = await costOf(() => send(`/api/cart/items/${id}`, { method: "DELETE" }));
    expect(removed.cart.items.map((item) => item.service)).toEqual(["deep-cleaning"]);
    expect(removed.statements).toHaveLength(1);

    const read = await costOf(() => send("/api/cart"));
    expect(read.cart.count).toBe(1);
    expect(read.statements).toHaveLength(1);
  });
});
