CREATE TABLE "season_standings" (
	"season_id" uuid NOT NULL,
	"pos" integer NOT NULL,
	"entrant_id" text NOT NULL,
	"name" text NOT NULL,
	"score" integer NOT NULL,
	"task_stats" jsonb NOT NULL,
	"last_solve_at" timestamp with time zone,
	CONSTRAINT "season_standings_season_id_pos_pk" PRIMARY KEY("season_id","pos")
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name_en" text NOT NULL,
	"name_fr" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"freeze_at" timestamp with time zone,
	"is_teams" boolean NOT NULL,
	"tasks" jsonb NOT NULL,
	"kept_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seasons_times_unique" UNIQUE("starts_at","ends_at")
);
--> statement-breakpoint
ALTER TABLE "season_standings" ADD CONSTRAINT "season_standings_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seasons_ends_at_idx" ON "seasons" USING btree ("ends_at");