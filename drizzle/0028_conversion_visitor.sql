-- Filtered funnels: a lead keeps the visitor dimensions of the click it is attributed to (country,
-- referrer host, browser, OS, device; '' is unknown, or direct for the referrer), copied at lead
-- time like its link and click time; a sale reads them from its lead. Existing leads take them from
-- their click where its row is still stored (the same referrer host as drizzle/0025); the others
-- stay unknown. A click's stored time is its id's batch time plus milliseconds, hence the window.
ALTER TABLE "conversion_leads" ADD COLUMN "country" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "conversion_leads" ADD COLUMN "referrer" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "conversion_leads" ADD COLUMN "browser" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "conversion_leads" ADD COLUMN "os" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "conversion_leads" ADD COLUMN "device" text DEFAULT '' NOT NULL;
--> statement-breakpoint
UPDATE "conversion_leads" l SET
	"country" = coalesce(c."country", ''),
	"referrer" = coalesce(lower(coalesce(substring(c."referer" FROM '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:?#]+)'), c."referer")), ''),
	"browser" = coalesce(c."browser", ''),
	"os" = coalesce(c."os", ''),
	"device" = coalesce(c."device", '')
FROM "clicks" c
WHERE c."workspace_id" = l."workspace_id"::uuid
	AND c."clicked_at" BETWEEN l."clicked_at" - interval '1 millisecond' AND l."clicked_at" + interval '1 millisecond'
	AND c."id" = l."click_id"::uuid;
