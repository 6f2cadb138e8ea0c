-- Existing deployments (docs/decisions/014-catalogue-as-data.md): the built-in challenges already in the database keep
-- their ids, so their solves and scores stay; their single hint, their file and their flag become rows. The flag stays
-- derived from the instance secret and the id (HMAC), so it does not change.
UPDATE "challenges" SET "is_built_in" = true;--> statement-breakpoint
INSERT INTO "challenge_hints" ("challenge_id", "position", "content_en", "content_fr", "cost")
  SELECT "id", 0, "hint_en", coalesce("hint_fr", ''), 0 FROM "challenges" WHERE "hint_en" IS NOT NULL;--> statement-breakpoint
INSERT INTO "challenge_attachments" ("challenge_id", "position", "name", "content_type", "generator")
  SELECT "id", 0, "file_name", coalesce("content_type", 'application/octet-stream'), "id"
  FROM "challenges" WHERE "solution_type" = 'download' AND "file_name" IS NOT NULL;--> statement-breakpoint
INSERT INTO "challenge_flags" ("challenge_id", "position", "kind", "matcher", "content")
  SELECT "id", 0, 'derived', 'exact', '' FROM "challenges";
