CREATE TABLE "service_option_translations" (
	"option_id" integer NOT NULL,
	"locale" text NOT NULL,
	"label" text,
	"unit" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_option_translations_option_id_locale_pk" PRIMARY KEY("option_id","locale"),
	CONSTRAINT "service_option_translations_locale_check" CHECK ("service_option_translations"."locale" in ('hi-IN', 'mr-IN'))
);
--> statement-breakpoint
CREATE TABLE "service_translations" (
	"service_id" integer NOT NULL,
	"locale" text NOT NULL,
	"title" text,
	"description" text,
	"includes" jsonb,
	"excludes" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_translations_service_id_locale_pk" PRIMARY KEY("service_id","locale"),
	CONSTRAINT "service_translations_locale_check" CHECK ("service_translations"."locale" in ('hi-IN', 'mr-IN'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text DEFAULT 'en-IN' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_option_translations" ADD CONSTRAINT "service_option_translations_option_id_service_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."service_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_translations" ADD CONSTRAINT "service_translations_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_check" CHECK ("users"."locale" in ('en-IN', 'hi-IN', 'mr-IN'));--> statement-breakpoint
CREATE TRIGGER "service_translations_bump_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_translations"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "service_option_translations_bump_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_option_translations"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
