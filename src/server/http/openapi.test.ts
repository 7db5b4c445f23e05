import { createECDH, createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "#domain/api-error.ts";
import { type Booking, bookingListSchema, bookingResponseSchema } from "#domain/booking.ts";
import { setOffFrom } from "#domain/job.ts";
import { inviteOperatorIn } from "#server/auth/invitations.ts";
import { DEFAULT_AUTH_LIMITS } from "#server/auth/routes.ts";
import { jobs } from "#server/bookings/schema.ts";
import { unsubscribeUrl } from "#server/notifications/unsubscribe-tokens.ts";
import { signUpCustomer, type TestCustomer } from "#testing/customers.ts";
import { type FakeRazorpay, startFakeRazorpay } from "#testing/fake-razorpay.ts";
import { signInAsMate, signInAsOperator } from "#testing/mates.ts";
import { SEED_DAY, SEED_NOW, type SeededCustomer, seedCustomer, seedStart } from "#testing/seeded-customer.ts";
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from "#testing/test-app.ts";
import { checkAgainstDocument, describedOperations, type OpenApiDocument, toOpenApiPath } from "./openapi.ts";

/** The Better Auth paths the product uses; the rest of /api/auth/* is Better Auth's own. */
const AUTH_PATHS = [
  "post /api/auth/sign-up/email",
  "post /api/auth/sign-in/email",
  "post /api/auth/sign-out",
  "post /api/auth/request-password-reset",
  "post /api/auth/reset-password",
  "get /api/auth/get-session",
  "post /api/auth/sign-in/social",
  "get /api/auth/callback/{id}",
];

let t: TestApp;
let doc: OpenApiDocument;
let razorpay: FakeRazorpay;
/** The app's clock: the day before the bookings, until the walk's mate sets off. */
let clock = SEED_NOW;
beforeAll(async () => {
  razorpay = await startFakeRazorpay({});
  t = await createTestApp({
    now: () => clock,
    authLimits: { ...DEFAULT_AUTH_LIMITS, signUp: { ip: { max: 1000, windowSeconds: 600 } } },
    env: razorpay.env(),
  });
  const response = await t.request("/api/openapi.json");
  expect(response.status).toBe(200);
  doc = (await response.json()) as OpenApiDocument;
});
afterAll(async () => {
  await t.close();
  await razorpay.close();
});

describe("the OpenAPI document at /api/openapi.json", () => {
  it("is OpenAPI 3.1 and lists every route the app serves", () => {
    expect(doc.openapi).toBe("3.1.0");
    const served = new Set<string>();
    for (const route of t.app.routes) {
      if (route.method === "ALL" || route.path.endsWith("*")) continue;
      served.add(`${route.method.toLowerCase()} ${toOpenApiPath(route.path)}`);
    }
    expect(served.size).toBeGreaterThan(20);
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item ?? {}).map((method) => `${method} ${path}`)),
    );
    const missing = [...served, ...AUTH_PATHS].filter((operation) => !documented.has(operation));
    expect(missing).toEqual([]);
  });

  it("gives every operation a summary and every error the one error schema", () => {
    expect(doc.components?.schemas?.Error).toBeDefined();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item ?? {})) {
        const op = operation as { summary?: string; responses?: Record<string, { content?: Record<string, unknown> }> };
        expect(op.summary, `${method} ${path}`).toBeTruthy();
        for (const [status, answer] of Object.entries(op.responses ?? {})) {
          if (Number(status) < 400) continue;
          expect(answer.content?.["application/json"], `${method} ${path} ${status}`).toEqual({
            schema: { $ref: "#/components/schemas/Error" },
          });
        }
      }
    }
  });

  it("describes request bodies and parameters from the route's own zod schemas", () => {
    const add = doc.paths["/api/cart/items"]?.post as unknown as {
      requestBody: { content: { "application/json": { schema: { properties: Record<string, unknown> } } } };
    };
    expect(Object.keys(add.requestBody.content["application/json"].schema.properties).sort()).toEqual([
      "option",
      "quantity",
      "service",
    ]);
    const slots = doc.paths["/api/slots"]?.get as unknown as { parameters: { name: string; required: boolean }[] };
    expect(slots.parameters.map((p) => [p.name, p.required])).toEqual([
      ["date", true],
      ["booking", false],
    ]);
    const signUp = doc.paths["/api/auth/sign-up/email"]?.post as unknown as { requestBody: unknown };
    expect(JSON.stringify(signUp.requestBody)).toMatch(/"email"/);
  });
});

/** The customer's booking at that time, once its mate is assigned. */
async function waitForAssignment(customer: SeededCustomer, hhmm: string): Promise<Booking> {
  for (;;) {
    const list = bookingListSchema.parse(await (await customer.request("/api/bookings")).json());
    const booking = list.upcoming.find((entry) => entry.start === seedStart(hhmm));
    if (booking && booking.status !== "finding") return booking;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("real answers match the documented schemas", () => {
  let customer: SeededCustomer;
  const walked = new Set<string>();
  const problems: string[] = [];

  beforeAll(async () => {
    customer = await seedCustomer(t, "11:00");
  });

  let mate: TestCustomer | undefined;
  async function check(
    method: string,
    path: string,
    init: RequestInit = {},
    as: "customer" | "visitor" | TestCustomer = "customer",
  ) {
    const send = as === "customer" ? customer.request : as === "visitor" ? t.request : as.request;
    const response = await send(path, { ...init, method });
    problems.push(...(await checkAgainstDocument(describedOperations(t.app), method, path, response)));
    walked.add(`${method} ${new URL(path, "http://x").pathname}`);
    return response;
  }
  const body = (value: unknown) => ({ body: JSON.stringify(value) });

  it("for a valid request to every operation, and for the errors", async () => {
    const ok = async (promise: Promise<Response>) => {
      const response = await promise;
      expect(response.status, `${response.url} ${await response.clone().text()}`).toBeLessThan(300);
    };
    await ok(check("GET", "/api/health"));
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
    await ok(check("DELETE", `/api/cart/items/${customer.cartItemId}`));
    await ok(
      check("POST", "/api/bookings", {
        ...body({ addressId: customer.addressId, start: seedStart("16:00"), paymentMethod: "pay_after_service" }),
        headers: { "idempotency-key": "contract-walk-1" },
      }),
    );
    expect(added.status).toBe(200);

    // The mate app, as the mate of that booking; the customer answers the extra work.
    const placed = await waitForAssignment(customer, "16:00");
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.bookingId, placed.id));
    mate = await signInAsMate(t, job?.mateId ?? "");
    const jobPath = `/api/mate/jobs/${job?.id}`;
    await ok(check("GET", "/api/mate/me", {}, mate));
    await ok(check("GET", "/api/mate/jobs", {}, mate));
    await ok(check("GET", jobPath, {}, mate));
    await check("GET", "/api/mate/jobs", {}, "customer");
    await check("GET", "/api/mate/jobs", {}, "visitor");
    const everyDay = Array.from({ length: 7 }, () => ({ from: 360, until: 1260 }));
    await ok(check("PUT", "/api/mate/availability", body({ weeklyHours: everyDay, daysOff: [] }), mate));
    await check("PUT", "/api/mate/availability", body({ weeklyHours: everyDay.slice(1), daysOff: [] }), mate);
    await check("POST", `${jobPath}/on-the-way`, {}, mate); // a day early: refused
    clock = setOffFrom(new Date(placed.start));
    await ok(check("POST", `${jobPath}/on-the-way`, {}, mate));
    await ok(check("POST", `${jobPath}/arrive`, {}, mate));
    await check("POST", `${jobPath}/start`, body({ code: placed.startCode === "0000" ? "1111" : "0000" }), mate);
    await ok(check("POST", `${jobPath}/start`, body({ code: placed.startCode }), mate));
    const extra = await check("POST", `${jobPath}/extras`, body({ description: "Second tap", priceRupees: 149 }), mate);
    const extraId = ((await extra.clone().json()) as { job: { extras: { id: string }[] } }).job.extras[0]?.id;
    await ok(check("POST", `/api/bookings/${placed.id}/extras/${extraId}`, body({ approve: true })));
    await ok(check("POST", `${jobPath}/complete`, {}, mate));
    await ok(check("POST", `${jobPath}/collect`, body({ method: "upi" }), mate));
    await check("POST", `${jobPath}/release`, body({ reason: "Too far away" }), mate);
    await ok(check("GET", "/api/mate/earnings", {}, mate));
    // The chat stays open for a day after the job.
    await ok(check("POST", `/api/bookings/${placed.id}/messages`, body({ body: "Thank you, all done" })));
    await check("POST", `/api/bookings/${placed.id}/messages`, body({ body: "" }));
    await ok(check("GET", `/api/bookings/${placed.id}/messages`));
    await ok(check("GET", `${jobPath}/messages`, {}, mate));
    await ok(check("POST", `${jobPath}/messages`, body({ body: "You are welcome" }), mate));
    await ok(check("POST", `${jobPath}/messages/read`, {}, mate));
    await ok(check("POST", `/api/bookings/${placed.id}/messages/read`));
    // Rating the finished job, the mate's own ratings, the service's public reviews.
    await ok(check("PUT", `/api/bookings/${placed.id}/rating`, body({ stars: 5, tags: ["polite"], comment: "Neat" })));
    await check("PUT", `/api/bookings/${placed.id}/rating`, body({ stars: 9 }));
    await check("PUT", `/api/bookings/${placed.id}/rating`, body({ stars: 5 }), mate);
    await ok(check("GET", "/api/mate/ratings", {}, mate));
    await check("GET", "/api/mate/ratings", {}, "customer");
    await ok(check("GET", "/api/services/plumber/reviews?page=1", {}, "visitor"));
    await check("GET", "/api/services/plumber/reviews?page=0", {}, "visitor");
    await check("GET", "/api/services/no-such-service/reviews", {}, "visitor");
    // Free re-work of the finished job, with a photo its mate and the customer can open.
    const reworkForm = (description: string) => {
      const form = new FormData();
      form.set("details", JSON.stringify({ description, start: seedStart("18:00") }));
      form.append("photos", new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16])]), "tap.jpg");
      return { body: form };
    };
    const reworked = await check("POST", `/api/bookings/${placed.id}/rework`, reworkForm("The switch still sparks."));
    expect(reworked.status, await reworked.clone().text()).toBe(201);
    const photo = bookingResponseSchema.parse(await reworked.clone().json()).booking.rework.of?.photos[0] ?? "";
    await ok(check("GET", photo));
    await check("GET", photo, {}, "visitor");
    await check("POST", `/api/bookings/${placed.id}/rework`, reworkForm("The switch still sparks."));
    await check("POST", `/api/bookings/${placed.id}/rework`, body({ description: "Not a form" }));

    // Payments: the invoice of the job just paid, a "Pay now" booking paid through Checkout, a webhook.
    await ok(check("GET", "/api/payments/options", {}, "visitor"));
    const paidJob = bookingResponseSchema.parse(await (await customer.request(`/api/bookings/${placed.id}`)).json());
    const slug = paidJob.booking.payment.invoices[0]?.slug ?? "";
    await ok(check("GET", `/api/invoices/${slug}`));
    await ok(check("GET", `/api/invoices/${slug}/pdf`));
    await check("GET", "/api/invoices/MT-26-27-999999");
    await check("GET", "/api/invoices/not-a-number");
    await customer.request("/api/cart/items", {
      method: "POST",
      ...body({ service: "plumber", option: "drain-blockage", quantity: 1 }),
    });
    const held = await check(
      "POST",
      "/api/bookings",
      body({
        addressId: customer.addressId,
        start: seedStart("18:00"),
        paymentMethod: "online",
        idempotencyKey: "contract-walk-online",
      }),
    );
    const heldId = ((await held.clone().json()) as { booking: { id: string } }).booking.id;
    const order = await check("POST", `/api/bookings/${heldId}/payment`);
    const { orderId } = (await order.clone().json()) as { orderId: string };
    const { result, payment } = await razorpay.pay(orderId, { webhooks: false });
    await check(
      "POST",
      `/api/bookings/${heldId}/payment/verify`,
      body({ ...result, razorpay_signature: "0".repeat(64) }),
    );
    await ok(check("POST", `/api/bookings/${heldId}/payment/verify`, body(result)));
    const event = JSON.stringify({ event: "payment.captured", payload: razorpay.paymentPayload(payment) });
    const signed = (signature: string) => ({
      body: event,
      headers: { "x-razorpay-signature": signature, "x-razorpay-event-id": "evt_contract_walk" },
    });
    const signature = createHmac("sha256", razorpay.webhookSecret).update(event).digest("hex");
    await ok(check("POST", "/api/payments/razorpay/webhook", signed(signature), "visitor"));
    await check("POST", "/api/payments/razorpay/webhook", signed("f".repeat(64)), "visitor");
    await check("POST", `/api/ops/bookings/${placed.id}/unlock-start-code`, {}, mate);

    // A professional applies; an operator reads the application and its document, verifies one and
    // rejects another.
    const operator = await signInAsOperator(t);
    const applicationIds: string[] = [];
    for (const email of ["walk.applicant.1@example.com", "walk.applicant.2@example.com"]) {
      const form = new FormData();
      form.set(
        "details",
        JSON.stringify({
          fullName: "Walk Applicant",
          mobile: "9820012345",
          email,
          skills: ["plumber"],
          homeLocality: { name: "Malad West", lat: 19.1874, lon: 72.8484 },
          yearsExperience: 3,
        }),
      );
      form.append("identity", new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])]), "id.jpg");
      form.append("address", new Blob([new TextEncoder().encode("%PDF-1.4\n%%EOF")]), "bill.pdf");
      const applied = await check("POST", "/api/applications", { body: form }, "visitor");
      expect(applied.status).toBe(201);
      applicationIds.push(((await applied.clone().json()) as { id: string }).id);
    }
    const [verifyId, rejectId] = applicationIds;
    await check("POST", "/api/applications", body({ not: "a form" }), "visitor");
    await ok(check("GET", "/api/ops/applications", {}, operator));
    await check("GET", "/api/ops/applications", {}, "customer");
    const opened = await check("GET", `/api/ops/applications/${verifyId}`, {}, operator);
    const documentUrl = ((await opened.clone().json()) as { application: { documents: { url: string }[] } }).application
      .documents[0]?.url;
    await ok(check("GET", documentUrl ?? "", {}, operator));
    await ok(
      check(
        "POST",
        `/api/ops/applications/${verifyId}/verify`,
        body({
          identityChecked: true,
          addressChecked: true,
          policeVerificationRef: "PV-1",
          skillsConfirmed: ["plumber"],
        }),
        operator,
      ),
    );
    await ok(check("POST", `/api/ops/applications/${rejectId}/reject`, body({ reason: "Unreadable scan." }), operator));
    await check("POST", `/api/ops/applications/${rejectId}/reject`, body({ reason: "Unreadable scan." }), operator);

    // The rest of the console: mates, bookings, customers, operators, the audit log.
    await ok(check("GET", "/api/ops/reviews", {}, operator));
    await check("GET", "/api/ops/reviews", {}, "customer");
    await ok(check("POST", `/api/ops/reviews/${placed.id}/hide`, body({ reason: "Contract walk" }), operator));
    await check("POST", `/api/ops/reviews/${placed.id}/hide`, body({ reason: "Contract walk" }), operator);
    await ok(check("POST", `/api/ops/reviews/${placed.id}/show`, body({ reason: "Contract walk" }), operator));
    await check("POST", `/api/ops/reviews/${placed.id}/show`, body({}), operator);
    await ok(check("GET", "/api/ops/mates?q=plumber", {}, operator));
    await ok(check("GET", "/api/ops/mates/mate-001", {}, operator));
    await ok(check("PATCH", "/api/ops/mates/mate-001", body({ skills: ["deep-cleaning", "sofa-cleaning"] }), operator));
    await ok(check("POST", "/api/ops/mates/mate-001/suspend", body({ reason: "Contract walk" }), operator));
    await ok(check("POST", "/api/ops/mates/mate-001/reinstate", body({ reason: "Contract walk" }), operator));
    await check("POST", "/api/ops/mates/mate-001/reinstate", body({ reason: "Contract walk" }), operator);
    await ok(check("GET", `/api/ops/bookings?q=${encodeURIComponent(customer.email)}`, {}, operator));
    await ok(check("GET", `/api/ops/bookings/${placed.id}`, {}, operator));
    await ok(check("GET", `/api/ops/bookings/${placed.id}/jobs/${job?.id}/candidates`, {}, operator));
    await check(
      "POST",
      `/api/ops/bookings/${placed.id}/jobs/${job?.id}/assign`,
      body({ mateId: "mate-001" }),
      operator,
    );
    await check("POST", `/api/ops/bookings/${placed.id}/unlock-start-code`, {}, operator);
    await check("POST", `/api/ops/bookings/${placed.id}/cancel`, body({ reason: "Contract walk" }), operator);
    await ok(check("GET", `/api/ops/customers?q=${encodeURIComponent(customer.email)}`, {}, operator));
    await ok(check("GET", `/api/ops/customers/${customer.id}`, {}, operator));
    const other = await signUpCustomer(t, "Walk Disabled");
    await ok(check("POST", `/api/ops/customers/${other.id}/disable`, body({ reason: "Contract walk" }), operator));
    await ok(check("POST", `/api/ops/customers/${other.id}/enable`, body({ reason: "Contract walk" }), operator));
    await ok(check("GET", "/api/ops/operators", {}, operator));
    await ok(check("POST", "/api/ops/operators", body({ email: "walk.operator@example.com" }), operator));
    await ok(check("GET", "/api/ops/audit?subjectType=mate", {}, operator));
    await ok(check("POST", `/api/ops/bookings/${placed.id}/chat`, body({ reason: "Contract walk" }), operator));

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
    await ok(check("POST", "/api/auth/sign-out", body({})));
    await check("GET", "/api/auth/callback/google?code=x&state=forged", {}, "visitor");

    expect(problems).toEqual([]);
    const notWalked = describedOperations(t.app)
      .map((op) => `${op.method} ${op.path}`)
      .filter((op) => ![...walked].some((w) => new RegExp(`^${op.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(w)));
    expect(notWalked).toEqual([]);
  });

  it("the check can fail: an answer unlike its documented schema or status is reported", async () => {
    const operations = describedOperations(t.app);
    const wrong = Response.json({ items: "none", count: 1 }, { status: 200 });
    expect(await checkAgainstDocument(operations, "GET", "/api/cart", wrong)).not.toEqual([]);
    const undocumented = Response.json({}, { status: 418 });
    expect(await checkAgainstDocument(operations, "GET", "/api/cart", undocumented)).not.toEqual([]);
    const badError = Response.json({ message: "x" }, { status: 401 });
    expect(await checkAgainstDocument(operations, "GET", "/api/cart", badError)).not.toEqual([]);
  });

  it("answers errors in the one shape", async () => {
    const response = await t.request("/api/cart");
    expect(response.status).toBe(401);
    expect(apiErrorSchema.safeParse(await response.json()).success).toBe(true);
  });
});
