import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meResponseSchema } from "#domain/user.ts";
import { keyMonth } from "#domain/user-key.ts";
import { DEFAULT_AUTH_LIMITS } from "#server/auth/routes.ts";
import { users } from "#server/auth/schema.ts";
import { sessionCookie, signUp, uniqueEmail } from "#testing/auth-requests.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";

/**
 * People with the same name signing up at the same moment (record 080): each key is claimed before
 * Better Auth inserts the user, so no two sign-ups pick the same free key and none is refused. Run
 * with DATABASE_URL set it races real connections of a PostgreSQL pool, two app instances included.
 */
const month = keyMonth(new Date());
const limits = { ...DEFAULT_AUTH_LIMITS, signUp: { ip: { max: 1000, windowSeconds: 600 } } };

let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await createTestApp({ authLimits: limits });
  // Another instance on the same database: its own app, its own Better Auth, the same tables.
  second = await createTestApp({ authLimits: limits, database: first.database });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

async function keysOf(apps: TestApp[], name: string, count: number): Promise<string[]> {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) => {
      const app = apps[i % apps.length] as TestApp;
      const email = uniqueEmail(`same.${i}`);
      return signUp(app, { name, email, password: "same-name-2026", mobile: "9820012345" }).then((r) => ({ app, r }));
    }),
  );
  expect(answers.map(({ r }) => r.status)).toEqual(answers.map(() => 200));
  return Promise.all(
    answers.map(async ({ app, r }) => {
      const me = await app.request("/api/me", { headers: { cookie: sessionCookie(r) } });
      return meResponseSchema.parse(await me.json()).user.uid;
    }),
  );
}

const expected = (base: string, count: number) =>
  Array.from({ length: count }, (_, i) => (i === 0 ? base : `${base}-${i + 1}`)).sort();

describe("sign-ups with the same name at the same moment", () => {
  it("signs up 20 people with one name at once, each with a key of their own", async () => {
    const keys = await keysOf([first], "Meera Iyer", 20);
    expect([...keys].sort()).toEqual(expected(`MeeraIyer${month}`, 20));
  });

  it("does the same across two instances of the app on one database", async () => {
    const keys = await keysOf([first, second], "Arjun Rao", 20);
    expect([...keys].sort()).toEqual(expected(`ArjunRao${month}`, 20));
  });

  it("skips a key held by an account made before the claims existed", async () => {
    // As an account from before migration 0022 is: in users, with no claim of its key.
    await first.database.db.insert(users).values({
      id: randomUUID(),
      name: "Kavya Nair",
      email: uniqueEmail("kavya"),
      key: `KavyaNair${month}`,
    });
    expect(await keysOf([first], "Kavya Nair", 1)).toEqual([`KavyaNair${month}-2`]);
  });
});
