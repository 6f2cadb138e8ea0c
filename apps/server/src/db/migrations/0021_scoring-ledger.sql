CREATE TABLE "score_adjustments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text,
	"team_id" text,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"delta" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_score_idx";--> statement-breakpoint
ALTER TABLE "score_adjustments" ADD CONSTRAINT "score_adjustments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_adjustments" ADD CONSTRAINT "score_adjustments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_adjustments" ADD CONSTRAINT "score_adjustments_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "score_adjustments_user_idx" ON "score_adjustments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "score_adjustments_team_idx" ON "score_adjustments" USING btree ("team_id");--> statement-breakpoint
-- docs/decisions/007-scoring.md: every score is derived from the solves from now on. So that each player and team keeps
-- its score exactly, the difference between the stored score and the derived one (the old adjustment, and what the old
-- design left behind: points not lifted after a deletion, a first blood moved) becomes an adjustment row.
INSERT INTO "score_adjustments" ("user_id", "team_id", "kind", "amount", "delta", "reason", "created_at")
WITH "bonus" AS (
  SELECT coalesce((SELECT ("data"->'event'->>'firstBloodBonus')::int FROM "platform_settings" LIMIT 1), 0) AS "b"
), "counts" AS (
  SELECT "challenge_id", count(*)::int AS "n" FROM "solves" GROUP BY "challenge_id"
), "firsts" AS (
  SELECT DISTINCT ON ("challenge_id") "challenge_id", "id" FROM "solves" ORDER BY "challenge_id", "solved_at", "id"
), "parameters" AS (
  SELECT "id", "scoring_type", "decay_function", coalesce("initial_points", "points") AS "initial",
    coalesce("decay", 1)::float8 AS "decay", coalesce("minimum_points", 0) AS "minimum", "points" FROM "challenges"
), "valued" AS (
  SELECT s."id", s."user_id", s."team_id",
    greatest(0, (CASE WHEN c."scoring_type" = 'dynamic' THEN greatest(c."minimum", ceil(CASE
        WHEN c."decay_function" = 'logarithmic'
          THEN ((c."minimum" - c."initial")::float8 / (c."decay" ^ 2)) * (greatest(0, k."n" - 1)::float8 ^ 2) + c."initial"
        ELSE c."initial" - c."decay" * greatest(0, k."n" - 1) END)::int)
      ELSE c."points" END) - coalesce(h."costs", 0))
    + CASE WHEN f."id" = s."id" THEN (SELECT "b" FROM "bonus") ELSE 0 END AS "points"
  FROM "solves" s JOIN "parameters" c ON c."id" = s."challenge_id" JOIN "counts" k ON k."challenge_id" = s."challenge_id"
    JOIN "firsts" f ON f."challenge_id" = s."challenge_id"
    LEFT JOIN LATERAL (SELECT sum(hc."cost")::int AS "costs" FROM "hint_unlocks" u
      JOIN "challenge_hints" hc ON hc."id" = u."hint_id" WHERE u."challenge_id" = s."challenge_id"
        AND (u."team_id" = s."team_id" OR (s."team_id" IS NULL AND u."team_id" IS NULL AND u."user_id" = s."user_id"))) h ON true
), "players" AS (
  SELECT u."id", u."score" - coalesce((SELECT sum(v."points") FROM "valued" v WHERE v."user_id" = u."id"), 0)::int AS "delta",
    u."score_updated_at" AS "at" FROM "users" u
), "team_scores" AS (
  SELECT t."id", (coalesce((SELECT sum(s."points") FROM "solves" s WHERE s."team_id" = t."id"), 0) + t."score_adjustment"
    - coalesce((SELECT sum(v."points") FROM "valued" v WHERE v."team_id" = t."id"), 0))::int AS "delta",
    t."created_at" AS "at" FROM "teams" t
)
SELECT "id", NULL, 'delta', "delta", "delta", 'migration', "at" FROM "players" WHERE "delta" <> 0
UNION ALL
SELECT NULL, "id", 'delta', "delta", "delta", 'migration', "at" FROM "team_scores" WHERE "delta" <> 0;--> statement-breakpoint
UPDATE "challenges" SET "points" = "initial_points" WHERE "scoring_type" = 'dynamic' AND "initial_points" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "score_adjustment";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "score";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "score_updated_at";--> statement-breakpoint
ALTER TABLE "solves" DROP COLUMN "points";--> statement-breakpoint
ALTER TABLE "teams" DROP COLUMN "score_adjustment";