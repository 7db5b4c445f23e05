import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "#domain/api-error.ts";
import { createFuzzWorld, type FuzzWorld, requestArbitrary, sendAndJudge } from "#testing/fuzz.ts";

/**
 * The short, fixed-seed run of the property-based suite (the long one: `npm run fuzz -- --runs=N`).
 * Every documented operation gets generated requests, valid and hostile, as a visitor and as two
 * customers; no answer is a 5xx, every error is exactly `{ error: { code, message } }`, and no
 * answer shows one customer's data to anyone else.
 */
const SEED = 20_261_123;
const RUNS = 800;

let world: FuzzWorld;
beforeAll(async () => {
  world = await createFuzzWorld();
});
afterAll(() => world.close());

describe("the API under generated input", () => {
  it("covers every documented operation but the event stream and sign-out", () => {
    const covered = new Set(world.operations.map((op) => `${op.method} ${op.path}`));
    expect(covered.size).toBeGreaterThanOrEqual(30);
    expect(covered).toContain("POST /api/auth/sign-up/email");
    expect(covered).toContain("PATCH /api/cart/items/{id}");
    expect(covered).not.toContain("GET /api/events");
  });

  it("puts each customer's secrets in their own answers, so that finding them elsewhere means something", async () => {
    const answer = await (await world.a.request("/api/bookings")).text();
    expect(answer).toContain(world.a.bookingId);
    expect(answer).toContain(world.a.marker);
    expect(await (await world.b.request("/api/cart")).text()).toContain(world.b.cartItemId);
  });

  it("answers no request with a 5xx, every error in the one shape, and nobody with another's data", async () => {
    await fc.assert(
      fc.asyncProperty(requestArbitrary(world.operations, world.known, world.t.config.appOrigin), async (request) => {
        const verdict = await sendAndJudge(world, request);
        expect(verdict.problems).toEqual([]);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, 180_000);

  it("finds every error under the auth library's paths in the one shape, bodiless 404s included", async () => {
    for (const url of ["/api/auth/callback/", "/api/auth/nope", "/api/auth/nope/deeper"]) {
      for (const actor of ["visitor", "a"] as const) {
        const verdict = await sendAndJudge(world, {
          operation: "GET /api/auth/callback/{id}",
          actor,
          method: "GET",
          url,
          headers: [],
          body: undefined,
        });
        expect(verdict.status, url).toBeGreaterThanOrEqual(400);
        expect(verdict.problems, url).toEqual([]);
      }
    }
  });

  it("answers the event stream and sign-out, kept out of the loop, sensibly", async () => {
    const visitor = await world.t.request("/api/events?x=%00&x=%ED%A0%80");
    expect(visitor.status).toBe(401);
    expect(apiErrorSchema.safeParse(await visitor.json()).success).toBe(true);
    const stream = await world.a.request("/api/events?since=-1&since=1e999");
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toMatch(/text\/event-stream/);
    await stream.body?.cancel();
    for (const body of ["null", "[]", "{", '{"a":1}']) {
      const out = await world.t.request("/api/auth/sign-out", { method: "POST", body });
      expect(out.status, body).toBeLessThan(500);
    }
  });
});
