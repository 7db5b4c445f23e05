import { eq, sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Booking, bookingResponseSchema } from "#domain/booking.ts";
import {
  assignCandidatesSchema,
  auditListSchema,
  opsBookingListSchema,
  opsBookingResponseSchema,
  opsCustomerListSchema,
  opsCustomerResponseSchema,
  opsMateListSchema,
  opsMateResponseSchema,
  opsOperatorListSchema,
} from "#domain/ops.ts";
import { DEFAULT_AUTH_LIMITS } from "#server/auth/routes.ts";
import { sessions, users } from "#server/auth/schema.ts";
import { jobs } from "#server/bookings/schema.ts";
import { redisEventBus } from "#server/events/bus.ts";
import { mates } from "#server/mates/schema.ts";
import { cookieJar } from "#testing/cookie-jar.ts";
import { signUpCustomer, type TestCustomer } from "#testing/customers.ts";
import { signInAsMate, signInAsOperator } from "#testing/mates.ts";
import { errorOf, post } from "#testing/requests.ts";
import { SEED_NOW, type SeededCustomer, seedCustomer } from "#testing/seeded-customer.ts";
import { SseClient } from "#testing/sse-client.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { auditLog } from "./schema.ts";

/** Issue 16: the operator console's API, apart from applications (applications/submit.test.ts, review.test.ts). */
let t: TestApp;
let operator: TestCustomer;
beforeAll(async () => {
  t = await createTestApp({
    now: () => SEED_NOW,
    env: { SESSION_CACHE_SECONDS: "30" },
    authLimits: { ...DEFAULT_AUTH_LIMITS, signUp: { ip: { max: 1000, windowSeconds: 600 } } },
  });
  operator = await signInAsOperator(t);
});
afterAll(() => t.close());

async function assigned(customer: SeededCustomer): Promise<Booking> {
  for (;;) {
    const { booking } = bookingResponseSchema.parse(
      await (await customer.request(`/api/bookings/${customer.bookingId}`)).json(),
    );
    if (booking.status !== "finding") return booking;
    await t.queue.runDue();
  }
}
const mateOfJob = async (bookingId: string) =>
  (await t.database.db.select().from(jobs).where(eq(jobs.bookingId, bookingId)))[0];

async function auditOf(subjectId: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId));
}

describe("mates", () => {
  it("finds mates by name, skill and locality, and shows one with hours and jobs", async () => {
    const byName = opsMateListSchema.parse(await (await operator.request("/api/ops/mates?q=sunita")).json());
    expect(byName.mates.map((m) => m.id)).toContain("mate-001");
    const bySkill = opsMateListSchema.parse(await (await operator.request("/api/ops/mates?q=pest-control")).json());
    expect(bySkill.mates.length).toBeGreaterThan(0);
    expect(bySkill.mates.every((m) => m.skills.includes("pest-control"))).toBe(true);
    const { mate } = opsMateResponseSchema.parse(await (await operator.request("/api/ops/mates/mate-001")).json());
    expect(mate).toMatchObject({ id: "mate-001", name: "Sunita Jadhav", suspendedAt: null });
    expect(mate.availability.weeklyHours).toHaveLength(7);
    expect((await operator.request("/api/ops/mates/mate-999")).status).toBe(404);
  });

  it("edits skills and hours, refusing unknown skills, and audits the change", async () => {
    const hours = Array.from({ length: 7 }, () => ({ from: 600, until: 1020 }));
    const response = await operator.request("/api/ops/mates/mate-002", {
      method: "PATCH",
      body: JSON.stringify({
        skills: ["deep-cleaning", "sofa-cleaning"],
        availability: { weeklyHours: hours, daysOff: [] },
      }),
    });
    expect(response.status).toBe(200);
    const { mate } = opsMateResponseSchema.parse(await response.json());
    expect(mate.skills).toEqual(["deep-cleaning", "sofa-cleaning"]);
    expect(mate.availability.weeklyHours[1]).toEqual({ from: 600, until: 1020 });
    const bad = await operator.request("/api/ops/mates/mate-002", {
      method: "PATCH",
      body: JSON.stringify({ skills: ["juggling"] }),
    });
    expect(await errorOf(bad)).toMatchObject({ code: "unknown_skill" });
    const [entry] = await auditOf("mate-002");
    expect(entry).toMatchObject({ action: "mate.edit", actorId: operator.id });
    expect(entry?.before).toMatchObject({
      skills: ["deep-cleaning", "bathroom-cleaning", "kitchen-cleaning", "sofa-cleaning"],
    });
  });

  it("suspending a mate gives their booking to the next best free mate, live on the customer's stream", async () => {
    const customer = await seedCustomer(t, "10:00");
    const before = await assigned(customer);
    const first = await mateOfJob(before.id);
    expect(first?.mateId).toBeTruthy();
    const listening = new AbortController();
    const stream = new SseClient(await customer.request("/api/events", { signal: listening.signal }));
    try {
      const response = await operator.request(
        `/api/ops/mates/${first?.mateId}/suspend`,
        post({ reason: "Complaint under review" }),
      );
      expect(response.status).toBe(200);
      expect(opsMateResponseSchema.parse(await response.json()).mate.suspendedAt).toBe(SEED_NOW.toISOString());
      await t.queue.runDue();
      // The stream may first carry the original assignment's own news, published just after it
      // committed: the live proof is the event that names another mate.
      const event = await stream.next((e) => {
        if (e.event !== "booking") return false;
        const booking = JSON.parse(e.data) as Booking;
        const mate = booking.jobs[0]?.mate;
        return booking.status === "assigned" && mate !== undefined && mate.name !== before.jobs[0]?.mate?.name;
      });
      const live = JSON.parse(event.data) as Booking;
      const after = await mateOfJob(before.id);
      expect(after?.mateId).not.toBe(first?.mateId);
      expect(live.history.map((h) => h.label)).toContain("Mate replaced by the Mates team");
    } finally {
      listening.abort();
    }
    // Suspended: never a candidate, until reinstated.
    const again = await seedCustomer(t, "10:00");
    expect((await mateOfJob((await assigned(again)).id))?.mateId).not.toBe(first?.mateId);
    expect(
      (await operator.request(`/api/ops/mates/${first?.mateId}/suspend`, post({ reason: "Twice over" }))).status,
    ).toBe(409);
    const back = await operator.request(`/api/ops/mates/${first?.mateId}/reinstate`, post({ reason: "Review closed" }));
    expect(opsMateResponseSchema.parse(await back.json()).mate.suspendedAt).toBeNull();
    expect((await auditOf(first?.mateId ?? "")).map((e) => e.action)).toEqual(
      expect.arrayContaining(["mate.suspend", "mate.reinstate"]),
    );
  });

  it("tells a suspended mate so in their app", async () => {
    const mate = await signInAsMate(t, "mate-005");
    await operator.request("/api/ops/mates/mate-005/suspend", post({ reason: "Documents expired" }));
    try {
      const me = (await (await mate.request("/api/mate/me")).json()) as { mate: { suspendedAt: string | null } };
      expect(me.mate.suspendedAt).toBe(SEED_NOW.toISOString());
    } finally {
      await operator.request("/api/ops/mates/mate-005/reinstate", post({ reason: "Documents renewed" }));
    }
  });
});

describe("bookings", () => {
  it("finds bookings by id, e-mail, mobile, mate, status and date", async () => {
    const customer = await seedCustomer(t, "12:00");
    const booking = await assigned(customer);
    const mateId = (await mateOfJob(booking.id))?.mateId ?? "";
    const find = async (query: string) =>
      opsBookingListSchema
        .parse(await (await operator.request(`/api/ops/bookings?${query}`)).json())
        .results.map((r) => r.id);
    expect(await find(`q=${booking.id.slice(0, 8)}`)).toContain(booking.id);
    expect(await find(`q=${encodeURIComponent(customer.email.toUpperCase())}`)).toEqual([booking.id]);
    expect(await find(`mateId=${mateId}`)).toContain(booking.id);
    // A mobile number as people write it: the customer's, stored as 10 digits.
    expect(await find(`q=${encodeURIComponent("+91 98200-12345")}`)).toContain(booking.id);
    const byMobile = opsCustomerListSchema.parse(
      await (await operator.request(`/api/ops/customers?q=${encodeURIComponent("098200 12345")}`)).json(),
    );
    expect(byMobile.customers.map((c) => c.id)).toContain(customer.id);
    expect(await find(`status=assigned&date=${booking.start.slice(0, 10)}`)).toContain(booking.id);
    expect(await find("date=2027-01-01")).toEqual([]);
    expect((await operator.request("/api/ops/bookings?status=lost")).status).toBe(400);
    const detail = opsBookingResponseSchema.parse(
      await (await operator.request(`/api/ops/bookings/${booking.id}`)).json(),
    );
    expect(detail.customer.email).toBe(customer.email);
    expect(detail.booking.id).toBe(booking.id);
  });

  it("assigns by hand only a free mate with the skill, and the customer sees the new mate", async () => {
    const customer = await seedCustomer(t, "14:00");
    const booking = await assigned(customer);
    const job = await mateOfJob(booking.id);
    const { candidates } = assignCandidatesSchema.parse(
      await (await operator.request(`/api/ops/bookings/${booking.id}/jobs/${job?.id}/candidates`)).json(),
    );
    expect(candidates.length).toBeGreaterThan(0);
    expect(candidates.map((c) => c.id)).not.toContain(job?.mateId);
    const pest = await operator.request(
      `/api/ops/bookings/${booking.id}/jobs/${job?.id}/assign`,
      post({ mateId: "mate-009" }),
    );
    expect(await errorOf(pest)).toMatchObject({ code: "not_a_candidate" });
    const chosen = candidates.at(-1)?.id ?? "";
    const response = await operator.request(
      `/api/ops/bookings/${booking.id}/jobs/${job?.id}/assign`,
      post({ mateId: chosen }),
    );
    expect(response.status).toBe(200);
    expect((await mateOfJob(booking.id))?.mateId).toBe(chosen);
    const seen = bookingResponseSchema.parse(
      await (await customer.request(`/api/bookings/${booking.id}`)).json(),
    ).booking;
    expect(seen.status).toBe("assigned");
    const [entry] = await auditOf(booking.id);
    expect(entry).toMatchObject({
      action: "booking.assign",
      before: { mateId: job?.mateId },
      after: { mateId: chosen },
    });
  });

  it("cancels on the customer's behalf, free, with the reason in the audit log", async () => {
    const customer = await seedCustomer(t, "16:00");
    const booking = await assigned(customer);
    const response = await operator.request(
      `/api/ops/bookings/${booking.id}/cancel`,
      post({ reason: "Customer called the desk" }),
    );
    expect(response.status).toBe(200);
    const { booking: cancelled } = opsBookingResponseSchema.parse(await response.json());
    expect(cancelled).toMatchObject({ status: "cancelled", cancellationChargeRupees: 0 });
    expect(
      (await operator.request(`/api/ops/bookings/${booking.id}/cancel`, post({ reason: "Again please" }))).status,
    ).toBe(409);
    const [entry] = await auditOf(booking.id);
    expect(entry).toMatchObject({ action: "booking.cancel", reason: "Customer called the desk" });
    const short = await operator.request(`/api/ops/bookings/${booking.id}/cancel`, post({ reason: "no" }));
    expect((await errorOf(short)).message).toBe("reason: Give a reason of at least 5 characters.");
  });
});

describe("the live queues and the limits", () => {
  it("tells every operator's stream when a booking changes", async () => {
    const listening = new AbortController();
    const stream = new SseClient(await operator.request("/api/events", { signal: listening.signal }));
    try {
      const customer = await seedCustomer(t, "17:00");
      await assigned(customer);
      const event = await stream.next((e) => e.event === "ops" && e.data.includes(customer.bookingId));
      expect(JSON.parse(event.data)).toMatchObject({ bookingId: customer.bookingId });
    } finally {
      listening.abort();
    }
    // A customer's stream hears nothing of other people's bookings.
    const other = await signUpCustomer(t);
    const quiet = new AbortController();
    const theirs = new SseClient(await other.request("/api/events", { signal: quiet.signal }));
    try {
      await seedCustomer(t, "18:00");
      await expect(theirs.next((e) => e.event === "ops", 500)).rejects.toThrow(/no matching event/);
    } finally {
      quiet.abort();
    }
  });

  it("limits an operator's changes per minute like every signed-in person's", async () => {
    const limited = await createTestApp({ now: () => SEED_NOW, env: { WRITES_PER_USER_PER_MINUTE: "2" } });
    try {
      const desk = await signInAsOperator(limited);
      const statuses: number[] = [];
      for (const action of ["suspend", "reinstate", "suspend"]) {
        statuses.push(
          (await desk.request(`/api/ops/mates/mate-006/${action}`, post({ reason: "Limit check" }))).status,
        );
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("customers", () => {
  it("finds a customer and shows their bookings and addresses", async () => {
    const customer = await seedCustomer(t, "09:00");
    const found = opsCustomerListSchema.parse(
      await (await operator.request(`/api/ops/customers?q=${encodeURIComponent(customer.marker)}`)).json(),
    );
    expect(found.customers.map((c) => c.id)).toEqual([customer.id]);
    const { customer: detail } = opsCustomerResponseSchema.parse(
      await (await operator.request(`/api/ops/customers/${customer.id}`)).json(),
    );
    expect(detail.bookings.map((b) => b.id)).toEqual([customer.bookingId]);
    expect(detail.addresses).toEqual([expect.objectContaining({ id: customer.addressId, served: true })]);
    // Operators and mates are not customers here.
    expect((await operator.request(`/api/ops/customers/${operator.id}`)).status).toBe(404);
  });

  it("disabling ends the account's sessions at once, even a cached one, and refuses sign-in until enabled", async () => {
    const email = `disable.${Date.now()}@example.com`;
    const jar = cookieJar();
    const signUp = await t.request(
      "/api/auth/sign-up/email",
      post({ name: "Disable Me", email, password: "vada-pav-2026", mobile: "9820012345" }),
    );
    jar.take(signUp.headers.getSetCookie());
    const id = ((await signUp.json()) as { user: { id: string } }).user.id;
    const as = (path: string) => t.request(path, { headers: { cookie: jar.header() } });
    expect((await as("/api/cart")).status).toBe(200);
    const stream = new SseClient(await as("/api/events"));

    const response = await operator.request(`/api/ops/customers/${id}/disable`, post({ reason: "Abusive to mates" }));
    expect(response.status).toBe(200);
    // The signed cookie would vouch for 30 seconds more; the account is refused now.
    expect((await as("/api/cart")).status).toBe(401);
    await stream.done;
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    const signIn = await t.request("/api/auth/sign-in/email", post({ email, password: "vada-pav-2026" }));
    expect(signIn.status).toBe(403);
    expect((await errorOf(signIn)).message).toBe("This account is disabled. Please write to the Mates support team.");

    await operator.request(`/api/ops/customers/${id}/enable`, post({ reason: "Apologised; reinstated" }));
    const back = await t.request("/api/auth/sign-in/email", post({ email, password: "vada-pav-2026" }));
    expect(back.status).toBe(200);
    const fresh = cookieJar();
    fresh.take(back.headers.getSetCookie());
    expect((await t.request("/api/cart", { headers: { cookie: fresh.header() } })).status).toBe(200);
    expect((await auditOf(id)).map((e) => e.action).sort()).toEqual(["customer.disable", "customer.enable"]);
  });
});

describe("operators and the audit log", () => {
  it("invites another operator, who signs in to the console", async () => {
    const response = await operator.request("/api/ops/operators", post({ email: "Second.Desk@Example.com" }));
    expect(response.status).toBe(201);
    const { operators } = opsOperatorListSchema.parse(await response.json());
    // No name is made up from the address: the operator gives theirs with their password (issue 36).
    expect(operators.find((o) => o.email === "second.desk@example.com")).toMatchObject({
      name: "",
      active: false,
    });
    const customer = await signUpCustomer(t);
    const taken = await operator.request("/api/ops/operators", post({ email: customer.email }));
    expect(taken.status).toBe(409);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, customer.id));
    expect(row?.role).toBe("customer");
  });

  it("lists the log newest first, filtered, 50 a page", async () => {
    const mate = "mate-003";
    for (let i = 0; i < 3; i += 1) {
      await operator.request(`/api/ops/mates/${mate}/suspend`, post({ reason: `Round ${i}` }));
      await operator.request(`/api/ops/mates/${mate}/reinstate`, post({ reason: `Round ${i} over` }));
    }
    const page = auditListSchema.parse(
      await (await operator.request(`/api/ops/audit?subjectType=mate&subjectId=${mate}&action=mate.suspend`)).json(),
    );
    expect(page.entries.map((e) => e.reason)).toEqual(["Round 2", "Round 1", "Round 0"]);
    expect(page.entries[0]?.actor).toMatchObject({ id: operator.id });
    expect(page.nextBefore).toBeNull();
    const all = auditListSchema.parse(await (await operator.request("/api/ops/audit")).json());
    const older = auditListSchema.parse(
      await (await operator.request(`/api/ops/audit?before=${all.entries[1]?.id}`)).json(),
    );
    expect(older.entries[0]?.id).toBe(all.entries[2]?.id);
    const day = SEED_NOW.toISOString().slice(0, 10);
    const today = auditListSchema.parse(await (await operator.request(`/api/ops/audit?from=${day}&to=${day}`)).json());
    expect(today.entries.length).toBeGreaterThan(0);
    expect((await operator.request("/api/ops/audit?subjectType=planet")).status).toBe(400);
    // No route changes the log, and the database refuses to.
    const error = await t.database.db.execute(sql`delete from audit_log`).then(
      () => undefined,
      (failure: unknown) => failure as Error & { cause?: unknown },
    );
    expect(String(error?.cause ?? error)).toMatch(/append-only/);
    expect((await t.database.db.select().from(mates).where(eq(mates.id, mate)))[0]?.suspendedAt).toBeNull();
  });
});

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)("a disabled account on two instances sharing one database and Redis", () => {
  it("is refused at once by the instance that did not disable it", async () => {
    const connections: Redis[] = [];
    const redis = () => {
      const connection = new Redis(redisUrl as string);
      connections.push(connection);
      return connection;
    };
    const env = { SESSION_CACHE_SECONDS: "30" };
    const first = await createTestApp({ env, events: await redisEventBus(redis(), redis()) });
    const second = await createTestApp({
      env,
      database: first.database,
      events: await redisEventBus(redis(), redis()),
    });
    try {
      const desk = await signInAsOperator(first);
      const jar = cookieJar();
      const email = `two.instances.${Date.now()}@example.com`;
      const signUp = await second.request(
        "/api/auth/sign-up/email",
        post({ name: "Two Instances", email, password: "vada-pav-2026", mobile: "9820012345" }),
      );
      jar.take(signUp.headers.getSetCookie());
      const id = ((await signUp.json()) as { user: { id: string } }).user.id;
      const onSecond = () => second.request("/api/cart", { headers: { cookie: jar.header() } });
      expect((await onSecond()).status).toBe(200);
      expect(
        (await desk.request(`/api/ops/customers/${id}/disable`, post({ reason: "Fraudulent bookings" }))).status,
      ).toBe(200);
      // Delivered through Redis within moments, long before the 30-second cookie runs out.
      await expect.poll(async () => (await onSecond()).status, { timeout: 2000, interval: 20 }).toBe(401);
    } finally {
      await second.close();
      await first.close();
      for (const connection of connections) connection.disconnect();
    }
  });
});
