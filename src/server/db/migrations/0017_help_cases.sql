CREATE TABLE "help_case_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"case_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"author" text NOT NULL,
	"author_id" text,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"photos" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_cases" (
	"id" text PRIMARY KEY NOT NULL,
	"booking_id" text NOT NULL,
	"user_id" text NOT NULL,
	"problem" text NOT NULL,
	"status" text NOT NULL,
	"amount_rupees" integer,
	"opened_at" timestamp with time zone NOT NULL,
	"first_answer_due" timestamp with time zone NOT NULL,
	"resolution_due" timestamp with time zone NOT NULL,
	"first_answered_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"answer_late_at" timestamp with time zone,
	"resolution_late_at" timestamp with time zone,
	"rating" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "help_cases_status_check" CHECK ("help_cases"."status" in ('open', 'waiting', 'resolved', 'closed')),
	CONSTRAINT "help_cases_amount_check" CHECK ("help_cases"."amount_rupees" is null or "help_cases"."amount_rupees" > 0)
);
--> statement-breakpoint
ALTER TABLE "help_case_entries" ADD CONSTRAINT "help_case_entries_case_id_help_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."help_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_case_entries" ADD CONSTRAINT "help_case_entries_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_cases" ADD CONSTRAINT "help_cases_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_cases" ADD CONSTRAINT "help_cases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "help_case_entries_case_idx" ON "help_case_entries" USING btree ("case_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "help_cases_live_key" ON "help_cases" USING btree ("booking_id","problem") WHERE "help_cases"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "help_cases_user_idx" ON "help_cases" USING btree ("user_id","opened_at");--> statement-breakpoint
CREATE INDEX "help_cases_status_idx" ON "help_cases" USING btree ("status","opened_at");