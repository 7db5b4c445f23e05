import type { AuditSubject } from "#domain/ops.ts";
import type { Tx } from "#server/db/client.ts";
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
