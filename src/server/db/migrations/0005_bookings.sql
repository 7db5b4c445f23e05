CREATE TABLE "addresses" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"label" text NOT NULL,
	"flat" text NOT NULL,
	"building" text DEFAULT '' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"locality" text NOT NULL,
	"landmark" text DEFAULT '' NOT NULL,
	"pincode" text NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_mates" (
	"booking_id" text NOT NULL,
	"mate_id" text NOT NULL,
	"service" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"address" jsonb NOT NULL,
	"items" jsonb NOT NULL,
	"total_rupees" integer NOT NULL,
	"payment_method" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mate_busy" (
	"mate_id" text NOT NULL,
	"cell" integer NOT NULL,
	"booking_id" text NOT NULL,
	CONSTRAINT "mate_busy_mate_id_cell_pk" PRIMARY KEY("mate_id","cell")
);
--> statement-breakpoint
CREATE TABLE "mates" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"skills" text[] NOT NULL,
	"home_locality" text NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"rating" real NOT NULL,
	"jobs_done" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"works_from" integer DEFAULT 360 NOT NULL,
	"works_until" integer DEFAULT 1260 NOT NULL,
	CONSTRAINT "mates_rating_check" CHECK ("mates"."rating" between 1 and 5),
	CONSTRAINT "mates_hours_check" CHECK ("mates"."works_from" >= 360 and "mates"."works_until" <= 1260 and "mates"."works_from" < "mates"."works_until")
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_mates" ADD CONSTRAINT "booking_mates_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_mates" ADD CONSTRAINT "booking_mates_mate_id_mates_id_fk" FOREIGN KEY ("mate_id") REFERENCES "public"."mates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mate_busy" ADD CONSTRAINT "mate_busy_mate_id_mates_id_fk" FOREIGN KEY ("mate_id") REFERENCES "public"."mates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_mates_booking_service_key" ON "booking_mates" USING btree ("booking_id","service");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_user_idempotency_key" ON "bookings" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "bookings_user_start_idx" ON "bookings" USING btree ("user_id","start_at");--> statement-breakpoint
CREATE INDEX "mate_busy_booking_idx" ON "mate_busy" USING btree ("booking_id");