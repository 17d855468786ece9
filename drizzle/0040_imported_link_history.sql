-- What an import brings from another tool beside the link itself: the clicks that tool counted
-- (shown as "imported", never mixed into measured clicks) and which tool that was.
ALTER TABLE "links" ADD COLUMN "imported_clicks" bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "imported_from" text;
