import { asc, eq } from "drizzle-orm";
import type { CommissionRate } from "#domain/mate-money.ts";
import { type PayoutSettings, percentToBp, type ServiceGroup } from "#domain/payouts.ts";
import { services } from "#server/catalogue/schema.ts";
import type { Database } from "#server/db/client.ts";
import { notFound } from "#server/http/errors.ts";
import { recordAudit } from "#server/ops/audit.ts";
import { commissionRates } from "./schema.ts";

/*
 * The console's commission rates (issue 39, record 063): each service with its group's setting and
 * its own rate if an operator set one. A change is audited with the rate before and after, and only
 * jobs booked after it take it: placement copies the rate into `jobs.commission_bp`.
 */

type Settings = Pick<PayoutSettings, "commissionBp">;

const rateColumns = {
  service: services.name,
  title: services.title,
  group: services.group,
  ownBp: commissionRates.bp,
  setAt: commissionRates.setAt,
};

function present(
  row: { service: string; title: string; group: string; ownBp: number | null; setAt: Date | null },
  settings: Settings,
): CommissionRate {
  const group = row.group as ServiceGroup;
  const groupBp = settings.commissionBp[group];
  return {
    service: row.service,
    title: row.title,
    group,
    groupBp,
    ownBp: row.ownBp,
    bp: row.ownBp ?? groupBp,
    setAt: row.setAt?.toISOString() ?? null,
  };
}

/** Every service of the catalogue with its rates, by group then position. One query. */
export async function listCommissionRates(db: Pick<Database, "select">, settings: Settings): Promise<CommissionRate[]> {
  const rows = await db
    .select(rateColumns)
    .from(services)
    .leftJoin(commissionRates, eq(commissionRates.service, services.name))
    .orderBy(asc(services.group), asc(services.position));
  return rows.map((row) => present(row, settings));
}

/**
 * Sets a service's own rate ("17.5" %), or with null lets it follow its group's setting again;
 * audited in the same transaction with the rate before and after.
 */
export async function setCommissionRate(
  db: Database,
  settings: Settings,
  operatorId: string,
  service: string,
  percent: string | null,
  now: Date,
): Promise<CommissionRate> {
  const bp = percent === null ? null : (percentToBp(percent) ?? null);
  await db.transaction(async (tx) => {
    const [known] = await tx.select({ name: services.name }).from(services).where(eq(services.name, service));
    if (!known) throw notFound("There is no such service.");
    const [before] = await tx
      .select({ bp: commissionRates.bp })
      .from(commissionRates)
      .where(eq(commissionRates.service, service))
      .for("update");
    if (bp === null) await tx.delete(commissionRates).where(eq(commissionRates.service, service));
    else {
      await tx
        .insert(commissionRates)
        .values({ service, bp, setAt: now, setBy: operatorId })
        .onConflictDoUpdate({ target: commissionRates.service, set: { bp, setAt: now, setBy: operatorId } });
    }
    await recordAudit(tx, {
      actorId: operatorId,
      action: "commission_rate",
      subjectType: "service",
      subjectId: service,
      before: { bp: before?.bp ?? null },
      after: { bp },
      at: now,
    });
  });
  const [row] = await db
    .select(rateColumns)
    .from(services)
    .leftJoin(commissionRates, eq(commissionRates.service, services.name))
    .where(eq(services.name, service));
  if (!row) throw notFound("There is no such service.");
  return present(row, settings);
}
