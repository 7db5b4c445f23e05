-- Zone001 is Mumbai West: the served areas of spec §9 belong to it.
INSERT INTO "zones" ("id", "name") VALUES ('Zone001', 'Mumbai West') ON CONFLICT ("id") DO NOTHING;
