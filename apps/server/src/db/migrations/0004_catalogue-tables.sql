CREATE TABLE "categories" (
	"key" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_fr" text DEFAULT '' NOT NULL,
	"icon" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_built_in" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "challenge_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"challenge_id" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"sha256" text,
	"size" integer,
	"generator" text,
	CONSTRAINT "challenge_attachments_name_uq" UNIQUE("challenge_id","name")
);
--> statement-breakpoint
CREATE TABLE "challenge_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"challenge_id" text NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"matcher" text DEFAULT 'exact' NOT NULL,
	"content" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "challenge_hints" (
	"id" serial PRIMARY KEY NOT NULL,
	"challenge_id" text NOT NULL,
	"position" integer NOT NULL,
	"content_en" text NOT NULL,
	"content_fr" text DEFAULT '' NOT NULL,
	"cost" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "challenge_prerequisites" (
	"challenge_id" text NOT NULL,
	"required_id" text NOT NULL,
	CONSTRAINT "challenge_prerequisites_challenge_id_required_id_pk" PRIMARY KEY("challenge_id","required_id")
);
--> statement-breakpoint
CREATE TABLE "file_blobs" (
	"sha256" text PRIMARY KEY NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flag_incidents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"challenge_id" text NOT NULL,
	"submitter_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hint_unlocks" (
	"user_id" text NOT NULL,
	"hint_id" integer NOT NULL,
	"challenge_id" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hint_unlocks_user_id_hint_id_pk" PRIMARY KEY("user_id","hint_id")
);
--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "scoring_type" text DEFAULT 'static' NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "initial_points" integer;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "decay" integer;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "minimum_points" integer;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "decay_function" text;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "explanation_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "explanation_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "author" text;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "state" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "max_attempts" integer;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "is_built_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "challenge_attachments" ADD CONSTRAINT "challenge_attachments_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "challenge_attachments" ADD CONSTRAINT "challenge_attachments_sha256_file_blobs_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."file_blobs"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_flags" ADD CONSTRAINT "challenge_flags_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "challenge_hints" ADD CONSTRAINT "challenge_hints_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "challenge_prerequisites" ADD CONSTRAINT "challenge_prerequisites_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "challenge_prerequisites" ADD CONSTRAINT "challenge_prerequisites_required_id_challenges_id_fk" FOREIGN KEY ("required_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "flag_incidents" ADD CONSTRAINT "flag_incidents_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "flag_incidents" ADD CONSTRAINT "flag_incidents_submitter_id_users_id_fk" FOREIGN KEY ("submitter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_incidents" ADD CONSTRAINT "flag_incidents_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hint_unlocks" ADD CONSTRAINT "hint_unlocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hint_unlocks" ADD CONSTRAINT "hint_unlocks_hint_id_challenge_hints_id_fk" FOREIGN KEY ("hint_id") REFERENCES "public"."challenge_hints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hint_unlocks" ADD CONSTRAINT "hint_unlocks_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "challenge_flags_challenge_idx" ON "challenge_flags" USING btree ("challenge_id");--> statement-breakpoint
CREATE INDEX "challenge_hints_challenge_idx" ON "challenge_hints" USING btree ("challenge_id");--> statement-breakpoint
CREATE INDEX "flag_incidents_created_idx" ON "flag_incidents" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "hint_unlocks_challenge_idx" ON "hint_unlocks" USING btree ("challenge_id");--> statement-breakpoint
-- Hand-added (docs/decisions/014-catalogue-as-data.md): the six built-in categories exist before existing challenges
-- reference them.
INSERT INTO "categories" ("key", "name_en", "name_fr", "icon", "position", "is_built_in") VALUES
  ('web-client', 'Web - Client', 'Web - Client', 'globe', 0, true),
  ('web-server', 'Web - Server', 'Web - Serveur', 'server', 1, true),
  ('networking', 'Networking', 'Réseau', 'network', 2, true),
  ('app-script', 'App - Script', 'App - Script', 'binary', 3, true),
  ('app-system', 'App - System', 'App - Système', 'cpu', 4, true),
  ('forensics', 'Forensics', 'Forensique', 'file-search', 5, true)
  ON CONFLICT ("key") DO NOTHING;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_category_categories_key_fk" FOREIGN KEY ("category") REFERENCES "public"."categories"("key") ON DELETE no action ON UPDATE cascade;