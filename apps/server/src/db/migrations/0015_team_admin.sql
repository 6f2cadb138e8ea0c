ALTER TABLE "solves" DROP CONSTRAINT "solves_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "score_adjustment" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "solves" ADD CONSTRAINT "solves_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE restrict ON UPDATE no action;