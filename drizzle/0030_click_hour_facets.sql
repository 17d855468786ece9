-- The hourly heatmap under a filter on visitor dimensions (country, referrer, browser, OS, device):
-- clicks per link, UTC day, UTC hour and combination of those dimensions, and the same per workspace
-- by day and by month (with the ISO weekday: a month's heatmap is its weekdays' hours), made with the
-- day facets (modules/clicks/facets.ts: by the closing of a day, and by a batch for a closed day's
-- late clicks).
-- The closed days' rows are back-filled here from the raw clicks kept (CLICK_RETENTION_DAYS may have
-- dropped older ones: those days have no hourly rows). Open days are read from the raw clicks.
CREATE TABLE "click_link_hour_facets" (
	"link_id" uuid NOT NULL,
	"start" date NOT NULL,
	"hour" smallint NOT NULL,
	"workspace_id" uuid NOT NULL,
	"country" text NOT NULL,
	"referrer" text NOT NULL,
	"browser" text NOT NULL,
	"os" text NOT NULL,
	"device" text NOT NULL,
	"clicks" bigint NOT NULL,
	CONSTRAINT "click_link_hour_facets_pk" PRIMARY KEY("link_id","start","hour","country","referrer","browser","os","device")
);
--> statement-breakpoint
CREATE INDEX "click_link_hour_facets_workspace_idx" ON "click_link_hour_facets" USING btree ("workspace_id","start");
--> statement-breakpoint
CREATE TABLE "click_workspace_hour_facets" (
	"workspace_id" uuid NOT NULL,
	"period" char(1) NOT NULL,
	"start" date NOT NULL,
	"weekday" smallint NOT NULL,
	"hour" smallint NOT NULL,
	"country" text NOT NULL,
	"referrer" text NOT NULL,
	"browser" text NOT NULL,
	"os" text NOT NULL,
	"device" text NOT NULL,
	"clicks" bigint NOT NULL,
	CONSTRAINT "click_workspace_hour_facets_pk" PRIMARY KEY("workspace_id","period","start","weekday","hour","country","referrer","browser","os","device")
);
--> statement-breakpoint
CREATE INDEX "click_workspace_hour_facets_country_idx" ON "click_workspace_hour_facets" USING btree ("workspace_id","period","country","start");
--> statement-breakpoint
CREATE INDEX "click_workspace_hour_facets_referrer_idx" ON "click_workspace_hour_facets" USING btree ("workspace_id","period","referrer","start");
--> statement-breakpoint
CREATE INDEX "click_workspace_hour_facets_browser_idx" ON "click_workspace_hour_facets" USING btree ("workspace_id","period","browser","start");
--> statement-breakpoint
CREATE INDEX "click_workspace_hour_facets_os_idx" ON "click_workspace_hour_facets" USING btree ("workspace_id","period","os","start");
--> statement-breakpoint
CREATE INDEX "click_workspace_hour_facets_device_idx" ON "click_workspace_hour_facets" USING btree ("workspace_id","period","device","start");
--> statement-breakpoint
INSERT INTO "click_link_hour_facets" ("link_id", "start", "hour", "workspace_id", "country", "referrer", "browser", "os", "device", "clicks")
SELECT "link_id", ("clicked_at" AT TIME ZONE 'UTC')::date, extract(hour FROM "clicked_at" AT TIME ZONE 'UTC')::smallint, "workspace_id",
	coalesce("country", ''),
	coalesce(lower(coalesce(substring("referer" FROM '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:?#]+)'), "referer")), ''),
	coalesce("browser", ''), coalesce("os", ''), coalesce("device", ''), count(*)
FROM "clicks"
WHERE "clicked_at" < coalesce((SELECT "until"::timestamp AT TIME ZONE 'UTC' FROM "click_facets_closed"), 'infinity')
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
--> statement-breakpoint
INSERT INTO "click_workspace_hour_facets" ("workspace_id", "period", "start", "weekday", "hour", "country", "referrer", "browser", "os", "device", "clicks")
SELECT "workspace_id", 'd', "start", extract(isodow FROM "start")::smallint, "hour", "country", "referrer", "browser", "os", "device", sum("clicks")
FROM "click_link_hour_facets" GROUP BY 1, 3, 4, 5, 6, 7, 8, 9, 10
UNION ALL
SELECT "workspace_id", 'm', date_trunc('month', "start")::date, extract(isodow FROM "start")::smallint, "hour", "country", "referrer", "browser", "os", "device", sum("clicks")
FROM "click_link_hour_facets" GROUP BY 1, 3, 4, 5, 6, 7, 8, 9, 10;
