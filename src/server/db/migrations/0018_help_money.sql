CREATE TABLE "credit_grants" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"rupees" integer NOT NULL,
	"left_rupees" integer NOT NULL,
	"reason" text NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"booking_id" text,
	"case_id" text,
	"actor" text NOT NULL,
	"actor_id" text,
	CONSTRAINT "credit_grants_rupees_check" CHECK ("credit_grants"."rupees" > 0),
	CONSTRAINT "credit_grants_left_check" CHECK ("credit_grants"."left_rupees" >= 0 and "credit_grants"."left_rupees" <= "credit_grants"."rupees")
);
--> statement-breakpoint
CREATE TABLE "credit_spends" (
	"id" text PRIMARY KEY NOT NULL,
	"grant_id" text NOT NULL,
	"user_id" text NOT NULL,
	"booking_id" text,
	"rupees" integer NOT NULL,
	"reason" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor" text NOT NULL,
	"actor_id" text,
	CONSTRAINT "credit_spends_rupees_check" CHECK ("credit_spends"."rupees" <> 0)
);
--> statement-breakpoint
CREATE TABLE "mate_warnings" (
	"id" text PRIMARY KEY NOT NULL,
	"mate_id" text NOT NULL,
	"case_id" text,
	"reason" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "credit_rupees" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "no_show_offered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "help_case_entries" ADD COLUMN "shared_with_mate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "help_cases" ADD COLUMN "decision" text;--> statement-breakpoint
ALTER TABLE "help_cases" ADD COLUMN "decision_rupees" integer;--> statement-breakpoint
ALTER TABLE "help_cases" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "help_cases" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "help_cases" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "help_cases" ADD COLUMN "mate_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "case_id" text;--> statement-breakpoint
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_case_id_help_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."help_cases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_spends" ADD CONSTRAINT "credit_spends_grant_id_credit_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."credit_grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_spends" ADD CONSTRAINT "credit_spends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_spends" ADD CONSTRAINT "credit_spends_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_spends" ADD CONSTRAINT "credit_spends_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mate_warnings" ADD CONSTRAINT "mate_warnings_mate_id_mates_id_fk" FOREIGN KEY ("mate_id") REFERENCES "public"."mates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mate_warnings" ADD CONSTRAINT "mate_warnings_case_id_help_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."help_cases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mate_warnings" ADD CONSTRAINT "mate_warnings_by_users_id_fk" FOREIGN KEY ("by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_grants_user_idx" ON "credit_grants" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE INDEX "credit_spends_user_idx" ON "credit_spends" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "credit_spends_booking_idx" ON "credit_spends" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "mate_warnings_mate_idx" ON "mate_warnings" USING btree ("mate_id","at");--> statement-breakpoint
ALTER TABLE "help_cases" ADD CONSTRAINT "help_cases_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_case_id_help_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."help_cases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_credit_check" CHECK ("bookings"."credit_rupees" >= 0 and "bookings"."credit_rupees" <= "bookings"."total_rupees");--> statement-breakpoint
ALTER TABLE "help_cases" ADD CONSTRAINT "help_cases_decision_check" CHECK ("help_cases"."decision" is null or "help_cases"."decision" in ('refund', 'credit', 'declined', 'rework'));--> statement-breakpoint
ALTER TABLE "help_cases" ADD CONSTRAINT "help_cases_decision_rupees_check" CHECK ("help_cases"."decision_rupees" is null or "help_cases"."decision_rupees" > 0);