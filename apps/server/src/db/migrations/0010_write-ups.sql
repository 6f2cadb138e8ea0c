CREATE TABLE "write_ups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"challenge_id" text NOT NULL,
	"language" text NOT NULL,
	"title" text,
	"body" text NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "write_ups_user_challenge_uq" UNIQUE("user_id","challenge_id")
);
--> statement-breakpoint
ALTER TABLE "write_ups" ADD CONSTRAINT "write_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_ups" ADD CONSTRAINT "write_ups_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "write_ups_challenge_created_idx" ON "write_ups" USING btree ("challenge_id","created_at" DESC NULLS LAST);