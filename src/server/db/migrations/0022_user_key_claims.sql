CREATE TABLE "user_key_claims" (
	"key" text PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Record 080: the keys of the accounts made before the claims existed are claimed too, so that the
-- table holds every key ever handed out (nextUserKey still reads users as well).
INSERT INTO "user_key_claims" ("key", "claimed_at") SELECT "key", "created_at" FROM "users" ON CONFLICT DO NOTHING;
