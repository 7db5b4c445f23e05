CREATE TABLE "rework_requests" (
	"booking_id" text PRIMARY KEY NOT NULL,
	"rework_booking_id" text NOT NULL,
	"user_id" text NOT NULL,
	"description" text NOT NULL,
	"photos" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rework_requests" ADD CONSTRAINT "rework_requests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rework_requests" ADD CONSTRAINT "rework_requests_rework_booking_id_bookings_id_fk" FOREIGN KEY ("rework_booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rework_requests" ADD CONSTRAINT "rework_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rework_requests_rework_booking_key" ON "rework_requests" USING btree ("rework_booking_id");