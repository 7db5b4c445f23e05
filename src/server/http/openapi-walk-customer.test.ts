import { createECDH, randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inviteOperatorIn } from "#server/auth/invitations.ts";
import { unsubscribeUrl } from "#server/notifications/unsubscribe-tokens.ts";
import { PNG } from "#testing/files.ts";
import { body, ok, openApiWalk, WALK_METRICS_TOKEN, walkApp } from "#testing/openapi-walk.ts";
import { lastCode, uniqueNumber, wrongCode } from "#testing/phone-requests.ts";
import { SEED_DAY, SEED_NOW, type SeededCustomer, seedCustomer, seedStart } from "#testing/seeded-customer.ts";
import { TEST_AUTH_SECRET, type TestApp } from "#testing/test-app.ts";

/**
 * Real answers match /api/openapi.json: a customer's own account, notifications, cart, addresses and
 * bookings, then signing in and out (the walk's other parts: openapi-walk-job and -console).
 */
let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, close } = await walkApp(() => SEED_NOW));
});
afterAll(() => close());

describe("real answers match the documented schemas: a customer's account, cart and bookings", () => {
  let customer: SeededCustomer;

  beforeAll(async () => {
    customer = await seedCustomer(t, "11:00");
  });

  it("for a valid request to every operation, and for the errors", async () => {
    const { check, walked, problems, notWalked } = openApiWalk(t, "customer", customer);
    await ok(check("GET", "/api/health"));
    await ok(check("GET", "/metrics", { headers: { authorization: `Bearer ${WALK_METRICS_TOKEN}` } }, "visitor"));
    expect((await check("GET", "/metrics", {}, "visitor")).status).toBe(401);
    await ok(check("GET", "/api/openapi.json"));
    await ok(check("GET", "/api/services"));
    await ok(check("GET", "/api/services/plumber"));
    await ok(check("GET", "/robots.txt", {}, "visitor"));
    await ok(check("GET", "/sitemap.xml", {}, "visitor"));
    await check("GET", "/api/services/no-such-service");
    await ok(check("GET", "/api/geo/reverse?lat=19.2045&lon=72.8421"));
    await ok(check("GET", "/api/geo/search?q=Kandivali"));
    await check("GET", "/api/geo/search?q=a");
    await ok(check("GET", "/api/auth-options"));
    await ok(check("GET", "/api/me"));
    const events = await customer.request("/api/events");
    expect(events.headers.get("content-type")).toMatch(/text\/event-stream/);
    await events.body?.cancel();
    walked.add("GET /api/events");
    await ok(check("PATCH", "/api/me", body({ mobile: "9820099999" })));
    // Notifications: the push key, this device's subscription, the settings, the unsubscribe link.
    await ok(check("GET", "/api/push/key", {}, "visitor"));
    const device = {
      endpoint: "https://push.example.net/send/walk",
      keys: {
        p256dh: createECDH("prime256v1").generateKeys().toString("base64url"),
        auth: randomBytes(16).toString("base64url"),
      },
    };
    await ok(check("PUT", "/api/push/subscription", body(device)));
    await check("PUT", "/api/push/subscription", body({ endpoint: "http://insecure.example" }));
    await ok(check("DELETE", "/api/push/subscription", body({ endpoint: device.endpoint })));
    await check("DELETE", "/api/push/subscription", body({ endpoint: device.endpoint }), "visitor");
    await ok(check("GET", "/api/notification-settings"));
    await ok(check("PUT", "/api/notification-settings", body({ ratingPrompts: false })));
    await check("PUT", "/api/notification-settings", body({}));
    await ok(check("GET", "/api/me/business"));
    await ok(check("PUT", "/api/me/business", body({ gstin: "27AAPFU0939F1ZV", legalName: "Andheri Traders LLP" })));
    await check("PUT", "/api/me/business", body({ gstin: "27AAPFU0939F1ZW", legalName: "Andheri Traders LLP" }));
    await ok(check("DELETE", "/api/me/business"));
    await ok(check("GET", "/api/me/language"));
    await ok(check("PUT", "/api/me/language", body({ locale: "mr-IN" })));
    await check("PUT", "/api/me/language", body({ locale: "fr-FR" }));
    await check("GET", "/api/me/language", {}, "visitor");
    await ok(check("GET", "/api/me/credit"));
    await check("GET", "/api/me/credit", {}, "visitor");
    const unsubscribe = unsubscribeUrl({ appOrigin: t.config.appOrigin, secret: TEST_AUTH_SECRET }, customer.id).slice(
      t.config.appOrigin.length,
    );
    await ok(check("GET", unsubscribe, {}, "visitor"));
    await ok(check("POST", unsubscribe, {}, "visitor"));
    await check("POST", "/api/notifications/unsubscribe?user=x&token=y", {}, "visitor");
    await check("GET", "/api/me", {}, "visitor");
    await ok(check("GET", "/api/cart"));
    const added = await check(
      "POST",
      "/api/cart/items",
      body({ service: "electrician", option: "switch-socket-repair", quantity: 1 }),
    );
    await check("POST", "/api/cart/items", body({ service: "plumber", option: "tap-mixer-replacement", quantity: 99 }));
    await ok(check("PATCH", `/api/cart/items/${customer.cartItemId}`, body({ quantity: 3 })));
    await ok(
      check(
        "POST",
        "/api/cart/merge",
        body({ items: [{ service: "plumber", option: "drain-blockage", quantity: 1 }] }),
      ),
    );
    await ok(check("GET", `/api/slots?date=${SEED_DAY}`));
    await ok(check("GET", `/api/slots?date=${SEED_DAY}&booking=${customer.bookingId}`));
    await ok(check("GET", "/api/addresses"));
    const address = await check(
      "POST",
      "/api/addresses",
      body({ label: "Work", flat: "7", locality: "Colaba", pincode: "400005" }),
    );
    const { address: saved } = (await address.clone().json()) as { address: { id: string } };
    await ok(
      check(
        "PATCH",
        `/api/addresses/${saved.id}`,
        body({ label: "Other", flat: "8", locality: "Colaba", pincode: "400005" }),
      ),
    );
    await ok(check("DELETE", `/api/addresses/${saved.id}`));
    await check("DELETE", `/api/addresses/${saved.id}`);
    await ok(check("GET", "/api/bookings"));
    await ok(check("GET", `/api/bookings/${customer.bookingId}`));
    await ok(check("POST", `/api/bookings/${customer.bookingId}/reschedule`, body({ start: seedStart("15:00") })));
    await ok(check("POST", `/api/bookings/${customer.bookingId}/cancel`));
    await ok(check("POST", `/api/bookings/${customer.bookingId}/book-again`));
    await check("POST", `/api/bookings/${customer.bookingId}/cancel`);
    // The no-show rescue on a cancelled booking: its documented 409 (its 200s: bookings/no-show.test.ts).
    await check("POST", `/api/bookings/${customer.bookingId}/no-show/another-mate`);
    await check("POST", `/api/bookings/${customer.bookingId}/no-show/cancel`);
    await ok(check("DELETE", `/api/cart/items/${customer.cartItemId}`));
    await ok(
      check("POST", "/api/bookings", {
        ...body({ addressId: customer.addressId, start: seedStart("16:00"), paymentMethod: "pay_after_service" }),
        headers: { "idempotency-key": "contract-walk-1" },
      }),
    );
    expect(added.status).toBe(200);

    // Help with the cancelled booking: a case with a photo, a message, the list; no resolution to rate yet.
    const form = (details: unknown, photo?: Uint8Array) => {
      const parts = new FormData();
      parts.set("details", JSON.stringify(details));
      if (photo) parts.append("photos", new Blob([photo as Uint8Array<ArrayBuffer>]), "photo.png");
      return { body: parts };
    };
    const opened = await check(
      "POST",
      `/api/bookings/${customer.bookingId}/cases`,
      form({ problem: "other", description: "Can I book the same electrician again?" }),
    );
    await check(
      "POST",
      `/api/bookings/${customer.bookingId}/cases`,
      form({ problem: "charge", description: "I was charged a visiting fee.", amountRupees: 99 }),
    );
    expect(opened.status, await opened.clone().text()).toBe(201);
    await check("POST", `/api/bookings/${customer.bookingId}/cases`, form({ problem: "damage" }));
    await check("POST", `/api/bookings/${customer.bookingId}/cases`, body({ problem: "other" }));
    const helpCase = ((await opened.clone().json()) as { case: { id: string } }).case;
    await ok(check("GET", "/api/cases"));
    await ok(check("GET", `/api/cases/${helpCase.id}`));
    await check("GET", `/api/cases/${randomUUID()}`);
    const written = await check("POST", `/api/cases/${helpCase.id}/messages`, form({ body: "The receipt." }, PNG));
    expect(written.status).toBe(200);
    const photo = ((await written.clone().json()) as { case: { entries: { photos: string[] }[] } }).case.entries[1]
      ?.photos[0];
    await ok(check("GET", photo ?? ""));
    await check("GET", photo ?? "", {}, "visitor");
    await check("POST", `/api/cases/${helpCase.id}/rating`, body({ solved: true }));
    await check("POST", `/api/cases/${helpCase.id}/rating`, body({}));

    await ok(check("GET", "/api/auth/get-session"));
    await ok(check("GET", "/api/auth/get-session", {}, "visitor"));
    await ok(check("POST", "/api/auth/request-password-reset", body({ email: customer.email }), "visitor"));
    await check(
      "POST",
      "/api/auth/reset-password",
      body({ token: "not-a-token", newPassword: "a-new-password" }),
      "visitor",
    );
    const invited = await t.database.db.transaction((tx) =>
      inviteOperatorIn(tx, "walk.invited@example.com", new Date()),
    );
    await ok(
      check(
        "POST",
        "/api/invitations/accept",
        body({ token: invited.token, newPassword: "a-new-password", name: "Walk Invited" }),
        "visitor",
      ),
    );
    await check(
      "POST",
      "/api/auth/sign-in/email",
      body({ email: customer.email, password: "wrong-password" }),
      "visitor",
    );
    await ok(
      check("POST", "/api/auth/sign-in/email", body({ email: customer.email, password: "vada-pav-2026" }), "visitor"),
    );
    await check("POST", "/api/auth/sign-in/social", body({ provider: "google", callbackURL: "/" }), "visitor");
    await ok(
      check(
        "POST",
        "/api/auth/sign-up/email",
        body({
          name: "Contract Walk",
          email: `walk.${Date.now()}@example.com`,
          password: "vada-pav-2026",
          mobile: "9820012345",
        }),
        "visitor",
      ),
    );
    // Codes by SMS (issue 41): a visitor signs in with a number; the customer adds one.
    const phoneNumber = uniqueNumber();
    await check("POST", "/api/auth/phone-number/send-otp", body({ phoneNumber: "12345" }), "visitor");
    await ok(check("POST", "/api/auth/phone-number/send-otp", body({ phoneNumber }), "visitor"));
    await check("POST", "/api/auth/phone-number/send-otp", body({ phoneNumber }), "visitor");
    const code = lastCode(t, phoneNumber);
    await check("POST", "/api/auth/phone-number/verify", body({ phoneNumber, code: wrongCode(code) }), "visitor");
    await ok(check("POST", "/api/auth/phone-number/verify", body({ phoneNumber, code }), "visitor"));
    const addedNumber = uniqueNumber();
    await ok(check("POST", "/api/auth/phone-number/send-otp", body({ phoneNumber: addedNumber })));
    const update = { phoneNumber: addedNumber, code: lastCode(t, addedNumber), updatePhoneNumber: true };
    await ok(check("POST", "/api/auth/phone-number/verify", body(update)));
    await ok(check("POST", "/api/auth/sign-out", body({})));
    await check("GET", "/api/auth/callback/google?code=x&state=forged", {}, "visitor");

    expect(problems).toEqual([]);
    expect(notWalked()).toEqual([]);
  });
});
