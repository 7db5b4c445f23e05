import type { Logger } from "pino";
import type { Database } from "#server/db/client.ts";
import type { EventBus } from "#server/events/bus.ts";
import type { DocumentStore } from "#server/uploads/document-store.ts";

/** What the applications' work is given: submitting (submit.ts), reviewing (review.ts), the documents' deletion. */
export type ApplicationDeps = {
  db: Database;
  store: DocumentStore;
  /** The durable queue's worker: poked once a change that queued a mail commits. */
  queue?: { poke(): void };
  logger: Logger;
  appOrigin: string;
  events: EventBus;
  now?: () => Date;
};
