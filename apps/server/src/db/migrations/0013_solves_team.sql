ALTER TABLE "solves" DROP CONSTRAINT "solves_user_challenge_uq";--> statement-breakpoint
ALTER TABLE "solves" ADD COLUMN "team_id" text;--> statement-breakpoint
ALTER TABLE "solves" ADD CONSTRAINT "solves_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solves" ADD CONSTRAINT "solves_team_challenge_uq" UNIQUE("team_id","challenge_id");--> statement-breakpoint
ALTER TABLE "solves" ADD CONSTRAINT "solves_user_challenge_uq" UNIQUE NULLS NOT DISTINCT("user_id","challenge_id","team_id");