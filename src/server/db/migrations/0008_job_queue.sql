CREATE TABLE "queued_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"done_at" timestamp with time zone,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "queued_jobs_pending_key" ON "queued_jobs" USING btree ("key") WHERE "queued_jobs"."done_at" is null;--> statement-breakpoint
CREATE INDEX "queued_jobs_due_idx" ON "queued_jobs" USING btree ("run_at") WHERE "queued_jobs"."done_at" is null;