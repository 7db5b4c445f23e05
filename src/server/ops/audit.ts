import { and, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import { kolkataInstant } from "#domain/kolkata-time.ts";
import type { AuditEntry, AuditQuery, AuditSubject } from "#domain/ops.ts";
import { users } from "#server/auth/schema.ts";
import type { Database, Tx } from "#server/db/client.ts";
import { auditLog } from "./schema.ts";

export type AuditInput = {
  actorId: string;
  action: string;
  subjectType: AuditSubject;
  subjectId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
  at?: Date;
};

/**
 * Records an operator's action in the transaction of the change it records: if the change rolls
 * back, so does its record, and no change commits without one. The table accepts inserts only.
 */
export async function recordAudit(tx: Tx, entry: AuditInput): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
    ...(entry.at ? { at: entry.at } : {}),
  });
}

const PAGE = 50;

/** The audit log, newest first, 50 a page (`before` = the last id of the page before), filtered. */
export async function listAudit(
  db: Database,
  query: AuditQuery,
): Promise<{ entries: AuditEntry[]; nextBefore: number | null }> {
  const filters: SQL[] = [];
  if (query.actorId) filters.push(eq(auditLog.actorId, query.actorId));
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.subjectType) filters.push(eq(auditLog.subjectType, query.subjectType));
  if (query.subjectId) filters.push(eq(auditLog.subjectId, query.subjectId));
  if (query.from) filters.push(gte(auditLog.at, kolkataInstant(query.from, 0)));
  if (query.to) filters.push(lt(auditLog.at, new Date(kolkataInstant(query.to, 0).getTime() + 86_400_000)));
  if (query.before) filters.push(lt(auditLog.id, query.before));
  const rows = await db
    .select({ entry: auditLog, name: users.name, email: users.email })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorId))
    .where(and(...filters))
    .orderBy(desc(auditLog.id))
    .limit(PAGE + 1);
  const page = rows.slice(0, PAGE);
  return {
    entries: page.map(({ entry, name, email }) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      actor: { id: entry.actorId, name, email },
      action: entry.action,
      subjectType: entry.subjectType as AuditSubject,
      subjectId: entry.subjectId,
      before: entry.before ?? null,
      after: entry.after ?? null,
      reason: entry.reason,
    })),
    nextBefore: rows.length > PAGE ? (page.at(-1)?.entry.id ?? null) : null,
  };
}
