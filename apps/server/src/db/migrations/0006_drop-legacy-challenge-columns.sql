ALTER TABLE "challenges" DROP COLUMN "hint_en";--> statement-breakpoint
ALTER TABLE "challenges" DROP COLUMN "hint_fr";--> statement-breakpoint
ALTER TABLE "challenges" DROP COLUMN "solution_type";--> statement-breakpoint
ALTER TABLE "challenges" DROP COLUMN "file_name";--> statement-breakpoint
ALTER TABLE "challenges" DROP COLUMN "content_type";