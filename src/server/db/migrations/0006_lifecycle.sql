CREATE TABLE "booking_history" (
	"id" text PRIMARY KEY NOT NULL,
	"booking_id" text NOT NULL,
	"job_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "job_extras" (
	"id" text PRIMARY KEY NOT NULL,
	"job_id" text NOT NULL,
	"description" text NOT NULL,
	"price_rupees" integer NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "job_extras_price_check" CHECK ("job_extras"."price_rupees" > 0)
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"booking_id" text NOT NULL,
	"service" text NOT NULL,
	"mate_id" text,
	"status" text NOT NULL,
	"at_risk" boolean DEFAULT false NOT NULL,
	"collected_method" text,
	"collected_rupees" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "start_code" text DEFAULT lpad(floor(random() * 10000)::int::text, 4, '0') NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "start_code" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "start_code_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_charge_rupees" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mates" ADD COLUMN "weekly_hours" jsonb;--> statement-breakpoint
UPDATE "mates" SET "weekly_hours" = (SELECT jsonb_agg(d."hours") FROM (SELECT jsonb_build_object('from', "mates"."works_from", 'until', "mates"."works_until") AS "hours" FROM generate_series(1, 7)) d);--> statement-breakpoint
ALTER TABLE "mates" ALTER COLUMN "weekly_hours" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "mates" ADD COLUMN "days_off" date[] DEFAULT '{}'::date[] NOT NULL;--> statement-breakpoint
ALTER TABLE "mates" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "mates" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "mates" ADD COLUMN "photo_url" text;--> statement-breakpoint
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_extras" ADD CONSTRAINT "job_extras_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_mate_id_mates_id_fk" FOREIGN KEY ("mate_id") REFERENCES "public"."mates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_history_booking_idx" ON "booking_history" USING btree ("booking_id","at");--> statement-breakpoint
CREATE INDEX "job_extras_job_idx" ON "job_extras" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_booking_service_key" ON "jobs" USING btree ("booking_id","service");--> statement-breakpoint
CREATE INDEX "jobs_mate_status_idx" ON "jobs" USING btree ("mate_id","status");--> statement-breakpoint
ALTER TABLE "mates" ADD CONSTRAINT "mates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mates_user_id_key" ON "mates" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('customer', 'mate', 'operator'));--> statement-breakpoint
INSERT INTO "jobs" ("id", "booking_id", "service", "mate_id", "status")
SELECT gen_random_uuid()::text, bm."booking_id", bm."service", bm."mate_id", b."status"
FROM "booking_mates" bm JOIN "bookings" b ON b."id" = bm."booking_id";--> statement-breakpoint
INSERT INTO "jobs" ("id", "booking_id", "service", "mate_id", "status")
SELECT gen_random_uuid()::text, b."id", s."service", NULL, b."status"
FROM "bookings" b
CROSS JOIN LATERAL (SELECT DISTINCT item->>'service' AS "service" FROM jsonb_array_elements(b."items") item) s
WHERE NOT EXISTS (SELECT 1 FROM "jobs" j WHERE j."booking_id" = b."id" AND j."service" = s."service");--> statement-breakpoint
INSERT INTO "booking_history" ("id", "booking_id", "at", "actor", "action", "to_status")
SELECT gen_random_uuid()::text, b."id", b."created_at", 'customer', 'place', 'finding' FROM "bookings" b;