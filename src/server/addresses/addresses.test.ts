import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressListSchema, addressResponseSchema } from "#domain/address.ts";
import { addAddress, COLABA, KANDIVALI } from "#testing/booking-requests.ts";
import { signUpCustomer, type TestCustomer } from "#testing/customers.ts";
import { errorOf, post } from "#testing/requests.ts";
import { MANY_SIGN_UPS, SEED_NOW as NOW } from "#testing/seeded-customer.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";

/** A customer's saved addresses: theirs alone, checked, and whether Mates serves them. */
let t: TestApp;
beforeAll(async () => {
  // Many customers sign up from one address here: lift the per-address sign-up limit.
  t = await createTestApp({ now: () => NOW, authLimits: MANY_SIGN_UPS });
});
afterAll(() => t.close());

describe("addresses", () => {
  it("are saved, listed, changed and deleted by their customer only, with whether Mates serves them", async () => {
    const priya = await signUpCustomer(t, "Priya Sharma");
    const other = await signUpCustomer(t, "Someone Else");
    const home = await addAddress(priya);
    expect(home).toMatchObject({ label: "Home", locality: "Kandivali West", served: true });
    const colaba = await addAddress(priya, COLABA);
    expect(colaba.served).toBe(false);
    // Without coordinates the locality's name decides.
    const { lat: _lat, lon: _lon, ...noPoint } = KANDIVALI;
    expect((await addAddress(priya, { ...noPoint, locality: "Borivli East" })).served).toBe(true);

    const list = addressListSchema.parse(await (await priya.request("/api/addresses")).json());
    expect(list.addresses.map((a) => a.locality)).toEqual(["Kandivali West", "Colaba", "Borivli East"]);
    expect(addressListSchema.parse(await (await other.request("/api/addresses")).json()).addresses).toEqual([]);

    const patch = (who: TestCustomer, body: object) =>
      who.request(`/api/addresses/${home.id}`, { method: "PATCH", body: JSON.stringify(body) });
    expect((await patch(other, { ...KANDIVALI, flat: "Hacked" })).status).toBe(404);
    expect((await other.request(`/api/addresses/${home.id}`, { method: "DELETE" })).status).toBe(404);
    const changed = addressResponseSchema.parse(await (await patch(priya, { ...KANDIVALI, flat: "C-101" })).json());
    expect(changed.address.flat).toBe("C-101");
    expect((await priya.request(`/api/addresses/${colaba.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await t.request("/api/addresses")).status).toBe(401);
  });

  it("refuse bad input with the field and a clear sentence", async () => {
    const customer = await signUpCustomer(t);
    const cases: [object, RegExp][] = [
      [{ ...KANDIVALI, pincode: "40067" }, /pincode: Enter the 6-digit pincode/],
      [{ ...KANDIVALI, flat: " " }, /flat: Flat or house is required/],
      [{ ...KANDIVALI, label: "Palace" }, /label: Choose Home, Work or Other/],
      [{ ...KANDIVALI, locality: "K" }, /locality: Locality must be at least 2 characters/],
      [{ ...KANDIVALI, lat: 120 }, /lat/],
      [{ ...KANDIVALI, owner: "someone" }, /owner|Unrecognized/i],
    ];
    for (const [body, message] of cases) {
      const response = await customer.request("/api/addresses", post(body));
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toMatch(message);
    }
  });
});
