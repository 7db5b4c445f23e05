import { eq } from "drizzle-orm";
import { describeRoute } from "hono-openapi";
import { languageSchema } from "#domain/i18n/language-api.ts";
import { DEFAULT_LOCALE, isLocale, type Locale } from "#domain/i18n/locales.ts";
import type { Database } from "#server/db/client.ts";
import { parseInput } from "#server/http/errors.ts";
import { errors, json, jsonBody } from "#server/http/openapi.ts";
import type { Auth } from "./auth.ts";
import { users } from "./schema.ts";
import { signedInRouter } from "./session.ts";

/** The language a person's mails and pushes go out in (English for anyone unknown). */
export async function localeOfUser(db: Pick<Database, "select">, userId: string): Promise<Locale> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return isLocale(row?.locale) ? row.locale : DEFAULT_LOCALE;
}

/**
 * `/api/me/language` (issue 40): the language kept in the account of whoever is signed in, customer,
 * mate or operator, so that notices reach them in it. The device keeps its own choice too (the web
 * app sends it here when it changes and when someone signs in).
 */
export function languageRoutes(auth: Auth, db: Database) {
  const described = (summary: string, codes: (400 | 401 | 429)[], body?: boolean) =>
    describeRoute({
      tags: ["Accounts"],
      security: [{ session: [] }],
      summary,
      ...(body ? { requestBody: jsonBody(languageSchema) } : {}),
      responses: { 200: json("The account's language.", languageSchema), ...errors(...codes) },
    });
  return signedInRouter(auth)
    .get("/", described("The language of the account's notices", [401]), async (c) =>
      c.json(languageSchema.parse({ locale: await localeOfUser(db, c.get("userId")) })),
    )
    .put("/", described("Choose the language of the account's notices", [400, 401, 429], true), async (c) => {
      const { locale } = parseInput(languageSchema, await c.req.json());
      await db
        .update(users)
        .set({ locale, updatedAt: new Date() })
        .where(eq(users.id, c.get("userId")));
      return c.json(languageSchema.parse({ locale }));
    });
}
