CREATE TABLE "challenge_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"challenge_id" text NOT NULL,
	"owner_key" text NOT NULL,
	"started_by" text,
	"provider_ref" text,
	"status" text NOT NULL,
	"endpoint_host" text,
	"endpoint_port" integer,
	"started_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "challenge_services" (
	"challenge_id" text PRIMARY KEY NOT NULL,
	"image" text NOT NULL,
	"protocol" text NOT NULL,
	"port" integer NOT NULL,
	"scope" text NOT NULL,
	"lifetime_minutes" integer NOT NULL,
	"extendable" boolean NOT NULL,
	"memory_mb" integer NOT NULL,
	"cpus" real NOT NULL
);
--> statement-breakpoint
ALTER TABLE "challenge_instances" ADD CONSTRAINT "challenge_instances_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "challenge_instances" ADD CONSTRAINT "challenge_instances_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_services" ADD CONSTRAINT "challenge_services_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_instances_live_uq" ON "challenge_instances" USING btree ("challenge_id","owner_key") WHERE "challenge_instances"."status" in ('starting', 'running');--> statement-breakpoint
CREATE INDEX "challenge_instances_status_idx" ON "challenge_instances" USING btree ("status","expires_at");