CREATE TABLE "ratings" (
	"booking_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"stars" integer NOT NULL,
	"tags" text[] NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_by" text,
	"hidden_reason" text,
	CONSTRAINT "ratings_stars_check" CHECK ("ratings"."stars" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "tip_rupees" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mates" ADD COLUMN "rating_before" real;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ratings_created_idx" ON "ratings" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_tip_check" CHECK ("jobs"."tip_rupees" >= 0);--> statement-breakpoint
-- The ratings mates had before the app recorded ratings stand until they have enough of their own.
UPDATE "mates" SET "rating_before" = "rating";--> statement-breakpoint
-- A rating moves the services' averages, which the catalogue's answers carry (record 034).
CREATE TRIGGER "ratings_bump_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ratings"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
