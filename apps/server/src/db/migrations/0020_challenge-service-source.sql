ALTER TABLE "challenge_services" ADD COLUMN "source_folder" text;--> statement-breakpoint
ALTER TABLE "challenge_services" ADD COLUMN "context_sha256" text;--> statement-breakpoint
ALTER TABLE "challenge_services" ADD CONSTRAINT "challenge_services_context_sha256_file_blobs_sha256_fk" FOREIGN KEY ("context_sha256") REFERENCES "public"."file_blobs"("sha256") ON DELETE no action ON UPDATE no action;