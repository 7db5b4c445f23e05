import { inArray } from "drizzle-orm";
import { services } from "#server/catalogue/schema.ts";
import type { Database } from "#server/db/client.ts";
import { AppError } from "#server/http/errors.ts";

/** Refuses a skill that is not a service of the catalogue: on applying, and on verifying. */
export async function checkSkills(db: Pick<Database, "select">, skills: readonly string[]): Promise<void> {
  const known = new Set(
    (
      await db
        .select({ name: services.name })
        .from(services)
        .where(inArray(services.name, [...skills]))
    ).map((row) => row.name),
  );
  const unknown = skills.find((skill) => !known.has(skill));
  if (unknown) throw new AppError(400, "unknown_skill", `${unknown} is not a service of Mates.`);
}
