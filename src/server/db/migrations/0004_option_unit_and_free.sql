ALTER TABLE "service_options" DROP CONSTRAINT "service_options_price_check";--> statement-breakpoint
ALTER TABLE "service_options" ADD COLUMN "unit" text;--> statement-breakpoint
ALTER TABLE "service_options" ADD CONSTRAINT "service_options_price_check" CHECK ("service_options"."price_rupees" >= 0);