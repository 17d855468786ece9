CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sign_in_links" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"signup" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "follows_membership" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sign_in_links_email_idx" ON "sign_in_links" USING btree ("email");--> statement-breakpoint
-- keys handed out by earlier invite acceptances follow the membership too: each is the api_key.create
-- entry written in the same transaction (same created_at) as an invite.accept by the same user
UPDATE "api_keys" SET "follows_membership" = true WHERE "id" IN (
	SELECT "created"."details"::jsonb->>'id' FROM "audit_log" "created"
	JOIN "audit_log" "accepted" ON "accepted"."action" = 'invite.accept' AND "accepted"."workspace_id" = "created"."workspace_id"
		AND "accepted"."user_id" = "created"."user_id" AND "accepted"."created_at" = "created"."created_at"
	WHERE "created"."action" = 'api_key.create'
);
