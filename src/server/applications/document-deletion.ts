import { and, eq, inArray, isNull } from "drizzle-orm";
import { nowOf } from "#server/context.ts";
import type { Tx } from "#server/db/client.ts";
import { schedule } from "#server/queue/queue.ts";
import type { ApplicationDeps } from "./deps.ts";
import { applicationDocuments, applications } from "./schema.ts";

/** The queued work that deletes an application's documents (on rejection at once, else 90 days on). */
export const DELETE_DOCUMENTS = "applications.deleteDocuments";

/** Deletes stored files now; a failure is logged, and the queued deletion tries again. */
export async function deleteStored(
  deps: Pick<ApplicationDeps, "store" | "logger">,
  keys: readonly string[],
): Promise<void> {
  for (const key of keys) {
    await deps.store.delete(key).catch((error: unknown) => {
      deps.logger.error({ err: error }, "could not delete an applicant's document; the queue will try again");
    });
  }
}

/** Schedules the deletion of the documents: `keys` are stored files whose rows are already gone. */
export function scheduleDeletion(tx: Tx, applicationId: string, runAt: Date, keys: string[] = []) {
  return schedule(tx, {
    name: DELETE_DOCUMENTS,
    key: `${DELETE_DOCUMENTS}:${applicationId}`,
    payload: { applicationId, keys },
    runAt,
  });
}

/**
 * The queue's handler: deletes the stored files (those named in the payload, whose rows went with a
 * rejection, and those of the application's remaining rows), then the rows. Running it twice is
 * harmless.
 */
export async function deleteDocuments(deps: ApplicationDeps, payload: Record<string, unknown>): Promise<void> {
  const applicationId = String(payload.applicationId ?? "");
  const named = Array.isArray(payload.keys) ? payload.keys.map(String) : [];
  const rows = await deps.db
    .select({ id: applicationDocuments.id, key: applicationDocuments.storageKey })
    .from(applicationDocuments)
    .where(eq(applicationDocuments.applicationId, applicationId));
  for (const key of [...named, ...rows.map((row) => row.key)]) await deps.store.delete(key);
  if (rows.length > 0) {
    await deps.db.delete(applicationDocuments).where(
      inArray(
        applicationDocuments.id,
        rows.map((row) => row.id),
      ),
    );
  }
  await deps.db
    .update(applications)
    .set({ documentsDeletedAt: nowOf(deps) })
    .where(and(eq(applications.id, applicationId), isNull(applications.documentsDeletedAt)));
}
