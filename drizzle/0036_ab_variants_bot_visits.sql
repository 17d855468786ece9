-- The A/B variant that served a click (null: the link had no variant then), and the lead's copy of
-- it (conversions copy the click's dimensions: '' none): per-variant clicks, leads and sales.
ALTER TABLE "clicks" ADD COLUMN "variant" text;
--> statement-breakpoint
ALTER TABLE "conversion_leads" ADD COLUMN "variant" text NOT NULL DEFAULT '';
--> statement-breakpoint
-- Visits by bots (curl, headless browsers, crawlers) per link and UTC day: counted aside, never clicks.
CREATE TABLE "link_bot_days" (
	"workspace_id" uuid NOT NULL,
	"link_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visits" bigint NOT NULL,
	CONSTRAINT "link_bot_days_pk" PRIMARY KEY("link_id","day")
);
--> statement-breakpoint
CREATE INDEX "link_bot_days_workspace_day_idx" ON "link_bot_days" ("workspace_id","day");
