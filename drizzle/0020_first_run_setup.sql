-- First-run setup: the first user becomes an instance operator through a one-time setup link, kept
-- (one row) until it is used; it is printed again at each start while the instance has no user.
ALTER TABLE "users" ADD COLUMN "is_operator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "setup_tokens" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "setup_tokens_one_row" CHECK ("id" = 1)
);
