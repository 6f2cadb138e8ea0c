ALTER TABLE "challenges" ADD COLUMN "connection_info" text;--> statement-breakpoint
ALTER TABLE "challenge_services" ADD COLUMN "build_status" text;--> statement-breakpoint
ALTER TABLE "challenge_services" ADD COLUMN "build_log" text;--> statement-breakpoint
ALTER TABLE "challenge_services" ADD COLUMN "built_at" timestamp with time zone;