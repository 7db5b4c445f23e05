import fc from "fast-check";
import { z } from "zod";
import { DEFAULT_AUTH_LIMITS } from "#server/auth/routes.ts";
import type { OpenApiDocument } from "#server/http/openapi.ts";
import { SEED_NOW, type SeededCustomer, seedCustomer, seedStart } from "#testing/seeded-customer.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";

/**
 * Property-based fuzzing of the whole API, driven by its OpenAPI document: every documented
 * operation gets generated requests (valid, boundary and hostile) as a visitor and as two
 * customers. Used by fuzz.test.ts (fixed seed, short) and scripts/fuzz.ts (long runs).
 */

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

type Parameter = { in: "path" | "query" | "header"; name: string; required?: boolean; schema?: JsonSchema };
export type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
};

export type Actor = "visitor" | "a" | "b";
export type FuzzRequest = {
  operation: string;
  actor: Actor;
  method: string;
  url: string;
  headers: [string, string][];
  body: string | undefined;
};

/** Answers may be long-lived streams; these are checked apart, not in the request loop. */
const EXCLUDED = new Set(["GET /api/events", "POST /api/auth/sign-out"]);

/** The operations of the document, with their parameters and JSON body schemas. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(item ?? {})) {
      const op = raw as {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      };
      const operation = {
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.["application/json"]?.schema,
      };
      if (!EXCLUDED.has(`${operation.method} ${path}`)) operations.push(operation);
    }
  }
  return operations;
}

// ---- values ----

const HOSTILE_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "x\uDFFFy",
  "\uFEFF\u200B\u202E",
  "ẞ́̈̃̈̊",
  "🧑‍🔧🇮🇳",
  "नमस्ते",
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  "%' AND 1=0 UNION SELECT * FROM sessions --",
  "\\",
  '"',
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "../../../etc/passwd",
  ["$", "{jndi:ldap://x}"].join(""),
  "{{7*7}}",
  "%00%2e%2e%2f",
  "\r\nSet-Cookie: x=y",
  "null",
  "undefined",
  "NaN",
  "-1",
  "0",
  "1e309",
  "2026-02-30",
  "9999-12-31T23:59:59Z",
  "00000000-0000-0000-0000-000000000000",
];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc
    .integer({ min: 1_000, max: 200_000 })
    .chain((n) => fc.constantFrom("x".repeat(n), "é".repeat(n), "\u0000".repeat(n))),
);

const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 1e308, -1e308, 2 ** 53 + 1, -(2 ** 31), 2 ** 31, 0.5, 1e-308),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** JSON values of any type, deep ones included. */
const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, { __proto__: { admin: true } }, { constructor: { prototype: 1 } }),
  hostileString,
  hostileNumber,
  fc.jsonValue({ maxDepth: 4 }),
  fc.integer({ min: 10, max: 3_000 }).map((depth) => {
    let value: unknown = "deep";
    for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
    return value;
  }),
);

export type Known = {
  services: string[];
  options: string[];
  ids: string[];
  starts: string[];
};

/** A value the schema accepts (mostly), with known good values for the names that need them. */
function validValue(schema: JsonSchema | undefined, known: Known, name = "", depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant("x");
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.allOf?.length) return validValue(schema.allOf[0], known, name, depth + 1);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((member) => validValue(member, known, name, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties)) record[key] = validValue(value, known, key, depth + 1);
      const requiredKeys = Object.keys(properties).filter((key) => required.has(key));
      return fc.record(record, { requiredKeys });
    }
    case "array":
      return fc.array(validValue(schema.items, known, name, depth + 1), {
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case "integer":
      return fc.integer({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000 });
    case "number":
      return fc.double({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "string":
      return validString(schema, known, name);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function validString(schema: JsonSchema, known: Known, name: string): fc.Arbitrary<string> {
  const lowered = name.toLowerCase();
  if (lowered === "service") return fc.constantFrom(...known.services);
  if (lowered === "option") return fc.constantFrom(...known.options);
  if (lowered === "start") return fc.constantFrom(...known.starts);
  if (lowered === "mobile") return fc.constantFrom("9820012345", "+91 98200 12345", "12345");
  if (lowered === "pincode") return fc.constantFrom("400067", "400005", "110001");
  if (lowered === "date") return fc.constantFrom("2026-11-24", "2026-11-23", "2026-12-31", "2026-11-30");
  if (lowered.endsWith("id") || lowered === "booking" || schema.format === "uuid") {
    return fc.oneof(fc.constantFrom(...known.ids), fc.uuid());
  }
  if (schema.format === "email" || lowered === "email") {
    return fc.oneof(
      fc.emailAddress(),
      fc.integer({ min: 1, max: 1e9 }).map((n) => `fuzz.${n}@example.com`),
    );
  }
  if (schema.format === "date-time") return fc.constantFrom(...known.starts);
  if (schema.format === "date") return fc.constantFrom("2026-11-24", "2026-11-25");
  const min = schema.minLength ?? 0;
  // Plain text defaults to at most 40 characters; a pattern says its own length (a 64-digit signature).
  const max = Math.max(min, Math.min(schema.maxLength ?? (schema.pattern ? 200 : 40), 200));
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((value) => value.length >= min && value.length <= max);
    } catch {
      // a pattern fast-check cannot generate from: fall through
    }
  }
  // Mostly plain text; sometimes odd Unicode, control characters or metacharacters within the limits.
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: min, maxLength: max, unit: "grapheme-ascii" }) },
    { weight: 1, arbitrary: fc.string({ minLength: min, maxLength: max, unit: "binary" }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...HOSTILE_STRINGS),
          fc.string({ minLength: min, maxLength: max, unit: "grapheme-ascii" }),
        )
        .map(([odd, plain]) => `${plain}${odd}`.slice(0, max).padEnd(min, "x")),
    },
  );
}

/** The body: valid, valid with one field broken, or any hostile JSON; or not JSON at all. */
function bodyOf(schema: JsonSchema | undefined, known: Known): fc.Arbitrary<string | undefined> {
  const valid = validValue(schema ?? { type: "object" }, known);
  const broken = fc
    .tuple(valid, hostileJson, fc.constantFrom("replace", "add", "drop"), fc.nat())
    .map(([value, odd, how, pick]) => {
      if (typeof value !== "object" || value === null || Array.isArray(value)) return odd;
      const keys = Object.keys(value);
      const copy: Record<string, unknown> = { ...value };
      const key = keys.length ? (keys[pick % keys.length] as string) : "extra";
      if (how === "replace") copy[key] = odd;
      else if (how === "add") copy.extraField = odd;
      else delete copy[key];
      return copy;
    });
  const rawText = fc.oneof(
    fc.constantFrom(
      "",
      "{",
      "}",
      "{not json",
      "NaN",
      "Infinity",
      '{"a":1}{"b":2}',
      "\u0000",
      "\uFEFF{}",
      "[".repeat(100_000),
    ),
    fc.integer({ min: 1_000, max: 200_000 }).map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`),
    fc.integer({ min: 1_000, max: 100_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`),
  );
  return fc.oneof(
    { weight: 4, arbitrary: valid.map((value) => JSON.stringify(value)) },
    { weight: 4, arbitrary: broken.map((value) => JSON.stringify(value) ?? "null") },
    { weight: 2, arbitrary: hostileJson.map((value) => JSON.stringify(value) ?? "null") },
    { weight: 1, arbitrary: rawText },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** Percent-encodes a string for a URL, including strings that are not well-formed UTF-16. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return Array.from(value, (char) => {
      try {
        return encodeURIComponent(char);
      } catch {
        return "%ED%A0%80";
      }
    }).join("");
  }
}

/** A header value the Fetch API lets a client send (Latin-1, no line breaks or NUL). */
const headerSafe = (value: string) => value.replace(/[^\x20-\x7E]/g, "").slice(0, 4_000);

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/JSON",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=fuzz",
  "application/json, text/plain",
  "",
];

export function requestArbitrary(operations: Operation[], known: Known, appOrigin: string): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...operations).chain((op) => {
    const pathParams = op.parameters.filter((p) => p.in === "path");
    const queryParams = op.parameters.filter((p) => p.in === "query");
    const pathValues = fc.tuple(
      ...pathParams.map((p) =>
        fc.oneof(
          {
            weight: 3,
            arbitrary: validValue(p.schema, known, p.name === "id" ? "id" : p.name) as fc.Arbitrary<unknown>,
          },
          { weight: 2, arbitrary: hostileString },
          { weight: 1, arbitrary: hostileNumber },
        ),
      ),
    );
    const queryValues = fc.tuple(
      ...queryParams.map((p) =>
        fc.oneof(
          { weight: 3, arbitrary: validValue(p.schema, known, p.name) as fc.Arbitrary<unknown> },
          { weight: 2, arbitrary: hostileString },
          { weight: 1, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: fc.array(fc.oneof(hostileString, fc.constant("1")), { minLength: 2, maxLength: 3 }) },
        ),
      ),
    );
    return fc
      .record({
        actor: fc.constantFrom<Actor>("visitor", "a", "b"),
        pathValues,
        queryValues,
        extraQuery: fc.option(fc.tuple(hostileString, hostileString), { freq: 4 }),
        body: op.method === "GET" ? fc.constant(undefined) : bodyOf(op.body, known),
        contentType: fc.oneof(
          { weight: 5, arbitrary: fc.constant("application/json") },
          fc.constantFrom(...CONTENT_TYPES),
        ),
        origin: fc.oneof(
          { weight: 6, arbitrary: fc.constant(appOrigin) },
          fc.constantFrom(undefined, "null", "https://evil.example", `${appOrigin}/`, appOrigin.toUpperCase()),
        ),
        repeated: fc.subarray(["content-type", "origin", "cookie", "idempotency-key", "x-forwarded-for", "accept"]),
        oddHeader: fc.option(
          fc.tuple(fc.constantFrom("idempotency-key", "x-forwarded-for", "accept", "cookie"), hostileString),
          {
            freq: 3,
          },
        ),
      })
      .map((r) => {
        let path = op.path;
        pathParams.forEach((p, i) => {
          path = path.replace(`{${p.name}}`, encode(String(r.pathValues[i])));
        });
        const query: string[] = [];
        queryParams.forEach((p, i) => {
          const value = r.queryValues[i];
          if (value === undefined) return;
          for (const one of Array.isArray(value) ? value : [value])
            query.push(`${encode(p.name)}=${encode(String(one))}`);
        });
        if (r.extraQuery) query.push(`${encode(r.extraQuery[0])}=${encode(r.extraQuery[1])}`);
        const headers: [string, string][] = [];
        if (r.body !== undefined && r.contentType) headers.push(["content-type", r.contentType]);
        if (r.origin !== undefined) headers.push(["origin", r.origin]);
        if (r.oddHeader) headers.push([r.oddHeader[0], headerSafe(r.oddHeader[1])]);
        for (const name of r.repeated) {
          const first = headers.find(([key]) => key === name);
          headers.push([name, first ? first[1] : name === "cookie" ? "mates.session_token=forged" : "1"]);
        }
        return {
          operation: `${op.method} ${op.path}`,
          actor: r.actor,
          method: op.method,
          url: `${path}${query.length ? `?${query.join("&")}` : ""}`,
          headers,
          body: r.body,
        };
      });
  });
}

// ---- the world and the properties ----

export type FuzzWorld = {
  t: TestApp;
  a: SeededCustomer;
  b: SeededCustomer;
  operations: Operation[];
  known: Known;
  close: () => Promise<void>;
};

const many = { max: 1_000_000, windowSeconds: 600 };

/** A test app with two seeded customers, and the operations of its document. */
export async function createFuzzWorld(): Promise<FuzzWorld> {
  const t = await createTestApp({
    now: () => SEED_NOW,
    // Thousands of requests from two customers and one address: lift the rate limits (tested on their own),
    // so the generated requests reach the routes instead of stopping at a 429.
    env: {
      WRITES_PER_USER_PER_MINUTE: "1000000",
      GEO_REVERSE_PER_MINUTE: "1000000",
      GEO_SEARCH_PER_MINUTE: "1000000",
    },
    authLimits: Object.fromEntries(
      Object.keys(DEFAULT_AUTH_LIMITS).map((name) => [name, { ip: many, email: many }]),
    ) as typeof DEFAULT_AUTH_LIMITS,
  });
  const a = await seedCustomer(t, "11:00");
  const b = await seedCustomer(t, "14:00");
  const doc = (await (await t.request("/api/openapi.json")).json()) as OpenApiDocument;
  const catalogue = (await (await t.request("/api/services")).json()) as {
    groups: { services: { name: string; options: { key: string }[] }[] }[];
  };
  const services = catalogue.groups.flatMap((group) => group.services);
  return {
    t,
    a,
    b,
    operations: operationsOf(doc),
    known: {
      services: [...services.slice(0, 6).map((s) => s.name), "no-such-service"],
      options: [...services.slice(0, 6).flatMap((s) => s.options.slice(0, 2).map((o) => o.key)), "no-such-option"],
      ids: [a.addressId, a.bookingId, a.cartItemId, b.addressId, b.bookingId, b.cartItemId],
      starts: ["09:00", "11:00", "14:00", "17:30", "23:00"].map(seedStart).concat(["2020-01-01T00:00:00Z"]),
    },
    close: () => t.close(),
  };
}

/** Exactly the error shape: nothing more, nothing less. */
const exactError = z.strictObject({ error: z.strictObject({ code: z.string().min(1), message: z.string().min(1) }) });

export type Verdict = { status: number; problems: string[] };

/** Sends one generated request and returns what is wrong with the answer (nothing, mostly). */
export async function sendAndJudge(world: FuzzWorld, request: FuzzRequest): Promise<Verdict> {
  const headers = new Headers();
  for (const [name, value] of request.headers) headers.append(name, value);
  const self = request.actor === "a" ? world.a : request.actor === "b" ? world.b : undefined;
  if (self) headers.append("cookie", self.cookie);
  const init: RequestInit = { method: request.method, headers };
  if (request.body !== undefined) init.body = request.body;
  const response = await world.t.app.request(request.url, init);
  const text = await response.text();
  const problems: string[] = [];
  if (response.status >= 500) problems.push(`answered ${response.status}: ${text.slice(0, 300)}`);
  // Every error, whoever made it (our routes or the auth library), is JSON in the one shape: an
  // answer of another type, or none at all, is a problem too.
  if (response.status >= 400) {
    if (!(response.headers.get("content-type") ?? "").includes("application/json")) {
      problems.push(
        `error is not JSON (${response.headers.get("content-type") ?? "no content type"}): ${text.slice(0, 200)}`,
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      problems.push(`error body is not JSON: ${text.slice(0, 200)}`);
    }
    if (parsed !== undefined && !exactError.safeParse(parsed).success) {
      problems.push(`error body is not the error shape: ${text.slice(0, 200)}`);
    }
  }
  // Nobody sees another customer's data, unless they sent it themselves (an echo is not a leak).
  const sent = `${request.url} ${request.body ?? ""} ${request.headers.map(([, v]) => v).join(" ")}`;
  const others = [world.a, world.b].filter((customer) => customer !== self);
  for (const other of others) {
    for (const secret of other.secrets) {
      if (text.includes(secret) && !sent.includes(secret) && !decodeSafe(sent).includes(secret)) {
        problems.push(`answer to ${request.actor} contains ${other === world.a ? "a" : "b"}'s ${secret}`);
      }
    }
  }
  return { status: response.status, problems };
}

function decodeSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** What a run found: operations covered, requests sent, answers by status class, problems. */
export type FuzzReport = {
  operations: number;
  requests: number;
  byStatus: Record<string, number>;
  serverErrors: number;
  problems: { request: FuzzRequest; problems: string[] }[];
  ms: number;
};

/** Sends `runs` generated requests and collects every problem (the long run: it does not stop at one). */
export async function fuzzRun(world: FuzzWorld, runs: number, seed: number): Promise<FuzzReport> {
  const started = performance.now();
  const requests = fc.sample(requestArbitrary(world.operations, world.known, world.t.config.appOrigin), {
    numRuns: runs,
    seed,
  });
  const report: FuzzReport = {
    operations: new Set(requests.map((r) => r.operation)).size,
    requests: 0,
    byStatus: {},
    serverErrors: 0,
    problems: [],
    ms: 0,
  };
  for (const request of requests) {
    const verdict = await sendAndJudge(world, request);
    report.requests++;
    const bucket = `${Math.floor(verdict.status / 100)}xx`;
    report.byStatus[bucket] = (report.byStatus[bucket] ?? 0) + 1;
    if (verdict.status >= 500) report.serverErrors++;
    if (verdict.problems.length) report.problems.push({ request, problems: verdict.problems });
  }
  report.ms = Math.round(performance.now() - started);
  return report;
}
