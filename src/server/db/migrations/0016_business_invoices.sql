ALTER TABLE "bookings" ADD COLUMN "business" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "business_gstin" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "business_legal_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_business_check" CHECK (("users"."business_gstin" is null) = ("users"."business_legal_name" is null));