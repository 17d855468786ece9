-- A portfolio's avatar (link-in-bio page): the image apart from the row, its version on the row
-- (the avatar's URL carries it, so the image may be cached for good).
ALTER TABLE "portfolios" ADD COLUMN "avatar_version" text;
--> statement-breakpoint
CREATE TABLE "portfolio_avatars" (
	"portfolio_id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" bytea NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_avatars_portfolio_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "portfolios"("id") ON DELETE cascade
);
