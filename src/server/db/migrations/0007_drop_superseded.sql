DROP TABLE "booking_mates" CASCADE;--> statement-breakpoint
ALTER TABLE "mates" DROP CONSTRAINT "mates_hours_check";--> statement-breakpoint
ALTER TABLE "mates" DROP COLUMN "works_from";--> statement-breakpoint
ALTER TABLE "mates" DROP COLUMN "works_until";