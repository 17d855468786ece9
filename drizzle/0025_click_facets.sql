-- Filtered stats: clicks per link (and per workspace), day or month, and combination of the visitor's
-- dimensions (country, referrer host, browser, OS, device; '' is unknown, or direct for the referrer).
-- The period rows keep each dimension's counts apart, so "country DE and mobile" cannot be read from
-- them. Existing clicks are rolled up here from the raw click rows (the same referrer host as
-- drizzle/0012); clicks already dropped by CLICK_RETENTION_DAYS cannot be, and are missing from
-- filtered answers only.
CREATE TABLE "click_link_facets" (
	"link_id" uuid NOT NULL,
	"period" char(1) NOT NULL,
	"start" date NOT NULL,
	"workspace_id" uuid NOT NULL,
	"country" text NOT NULL,
	"referrer" text NOT NULL,
	"browser" text NOT NULL,
	"os" text NOT NULL,
	"device" text NOT NULL,
	"clicks" bigint NOT NULL,
	CONSTRAINT "click_link_facets_pk" PRIMARY KEY("link_id","period","start","country","referrer","browser","os","device")
) WITH (fillfactor = 70);
--> statement-breakpoint
CREATE INDEX "click_link_facets_workspace_idx" ON "click_link_facets" USING btree ("workspace_id","period","start");
--> statement-breakpoint
CREATE TABLE "click_workspace_facets" (
	"workspace_id" uuid NOT NULL,
	"period" char(1) NOT NULL,
	"start" date NOT NULL,
	"country" text NOT NULL,
	"referrer" text NOT NULL,
	"browser" text NOT NULL,
	"os" text NOT NULL,
	"device" text NOT NULL,
	"clicks" bigint NOT NULL,
	CONSTRAINT "click_workspace_facets_pk" PRIMARY KEY("workspace_id","period","start","country","referrer","browser","os","device")
) WITH (fillfactor = 70);
--> statement-breakpoint
INSERT INTO "click_link_facets"
SELECT c."link_id", 'd', (c."clicked_at" AT TIME ZONE 'UTC')::date, c."workspace_id",
	coalesce(c."country", ''),
	coalesce(lower(coalesce(substring(c."referer" FROM '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:?#]+)'), c."referer")), ''),
	coalesce(c."browser", ''), coalesce(c."os", ''), coalesce(c."device", ''), count(*)
FROM "clicks" c
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
--> statement-breakpoint
INSERT INTO "click_link_facets"
SELECT "link_id", 'm', date_trunc('month', "start")::date, "workspace_id", "country", "referrer", "browser", "os", "device", sum("clicks")
FROM "click_link_facets" WHERE "period" = 'd'
GROUP BY 1, 3, 4, 5, 6, 7, 8, 9;
--> statement-breakpoint
INSERT INTO "click_workspace_facets"
SELECT "workspace_id", "period", "start", "country", "referrer", "browser", "os", "device", sum("clicks")
FROM "click_link_facets"
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
