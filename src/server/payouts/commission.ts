import { eq, inArray } from "drizzle-orm";
import type { PayoutSettings, ServiceGroup } from "#domain/payouts.ts";
import { services } from "#server/catalogue/schema.ts";
import type { Database } from "#server/db/client.ts";
import { commissionRates } from "./schema.ts";

/**
 * Mates' commission on each of these services now, in basis points: the rate an operator set for the
 * service, else its group's setting (issue 39). A job keeps the rate it was booked with.
 */
export async function commissionBpFor(
  db: Pick<Database, "select">,
  names: readonly string[],
  settings: Pick<PayoutSettings, "commissionBp">,
): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .select({ name: services.name, group: services.group, own: commissionRates.bp })
    .from(services)
    .leftJoin(commissionRates, eq(commissionRates.service, services.name))
    .where(inArray(services.name, [...names]));
  const rates = new Map<string, number>();
  for (const name of names) {
    const row = rows.find((candidate) => candidate.name === name);
    const group = (row?.group ?? "Homekit") as ServiceGroup;
    rates.set(name, row?.own ?? settings.commissionBp[group] ?? settings.commissionBp.Homekit);
  }
  return rates;
}
