ALTER TABLE "hint_unlocks" DROP CONSTRAINT "hint_unlocks_user_id_hint_id_pk";--> statement-breakpoint
ALTER TABLE "flag_incidents" ALTER COLUMN "owner_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "flag_incidents" ADD COLUMN "submitter_team_id" text;--> statement-breakpoint
ALTER TABLE "flag_incidents" ADD COLUMN "owner_team_id" text;--> statement-breakpoint
ALTER TABLE "hint_unlocks" ADD COLUMN "team_id" text;--> statement-breakpoint
ALTER TABLE "flag_incidents" ADD CONSTRAINT "flag_incidents_submitter_team_id_teams_id_fk" FOREIGN KEY ("submitter_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_incidents" ADD CONSTRAINT "flag_incidents_owner_team_id_teams_id_fk" FOREIGN KEY ("owner_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hint_unlocks" ADD CONSTRAINT "hint_unlocks_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hint_unlocks" ADD CONSTRAINT "hint_unlocks_user_hint_uq" UNIQUE NULLS NOT DISTINCT("user_id","hint_id","team_id");--> statement-breakpoint
ALTER TABLE "hint_unlocks" ADD CONSTRAINT "hint_unlocks_team_hint_uq" UNIQUE("team_id","hint_id");