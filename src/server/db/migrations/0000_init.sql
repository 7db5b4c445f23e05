CREATE TABLE "service_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"price_rupees" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "service_options_price_check" CHECK ("service_options"."price_rupees" > 0),
	CONSTRAINT "service_options_duration_check" CHECK ("service_options"."duration_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone" text NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"group" text NOT NULL,
	"description" text NOT NULL,
	"icon" text NOT NULL,
	"includes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"excludes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_group_check" CHECK ("services"."group" in ('Homekit', 'Nearkart', 'Renova'))
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_options" ADD CONSTRAINT "service_options_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_zone_zones_id_fk" FOREIGN KEY ("zone") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_options_service_key" ON "service_options" USING btree ("service_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "services_name_key" ON "services" USING btree ("name");