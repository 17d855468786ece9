-- A workspace's top links under one or two filters on visitor dimensions: per link and UTC month, the
-- clicks under each value of one dimension and each pair of values of two ("dimensions": the bits of
-- country 1, referrer 2, browser 4, os 8, device 16; "vals" in that order), written with the link
-- month facet rows (modules/clicks/facets.ts). The link facet rows keep every combination of all five
-- dimensions: a year of Safari + iOS read ~110,000 of them (~700 ms in bench/stats.ts). The values
-- compare byte by byte ("C"): the closing inserts ~15 slices per facet row, and the database's
-- collation makes each comparison in the key ~10× dearer.
CREATE TABLE "click_link_slices" (
	"workspace_id" uuid NOT NULL,
	"dimensions" smallint NOT NULL,
	"vals" text[] COLLATE "C" NOT NULL,
	"start" date NOT NULL,
	"link_id" uuid NOT NULL,
	"clicks" bigint NOT NULL,
	CONSTRAINT "click_link_slices_pk" PRIMARY KEY("workspace_id","dimensions","vals","start","link_id")
);
--> statement-breakpoint
-- the link month facet rows made so far (GROUPING() flags the dimensions a row is not grouped by, its first argument the highest bit)
INSERT INTO "click_link_slices" ("workspace_id", "dimensions", "vals", "start", "link_id", "clicks")
SELECT "workspace_id", 31 - grouping("device", "os", "browser", "referrer", "country"),
	array_remove(ARRAY["country", "referrer", "browser", "os", "device"], NULL), "start", "link_id", sum("clicks")
FROM "click_link_facets"
WHERE "period" = 'm'
GROUP BY "workspace_id", "link_id", "start", GROUPING SETS (("country"), ("country", "referrer"), ("country", "browser"), ("country", "os"),
	("country", "device"), ("referrer"), ("referrer", "browser"), ("referrer", "os"), ("referrer", "device"), ("browser"), ("browser", "os"),
	("browser", "device"), ("os"), ("os", "device"), ("device"));
--> statement-breakpoint
-- The same per workspace and UTC day: a workspace's daily series and totals under one or two filters
-- read a row per day here (a year of Safari + iOS: ~7,300 facet day rows over ~3,600 heap pages).
CREATE TABLE "click_workspace_slices" (
	"workspace_id" uuid NOT NULL,
	"dimensions" smallint NOT NULL,
	"vals" text[] COLLATE "C" NOT NULL,
	"start" date NOT NULL,
	"clicks" bigint NOT NULL,
	CONSTRAINT "click_workspace_slices_pk" PRIMARY KEY("workspace_id","dimensions","vals","start")
);
--> statement-breakpoint
INSERT INTO "click_workspace_slices" ("workspace_id", "dimensions", "vals", "start", "clicks")
SELECT "workspace_id", 31 - grouping("device", "os", "browser", "referrer", "country"),
	array_remove(ARRAY["country", "referrer", "browser", "os", "device"], NULL), "start", sum("clicks")
FROM "click_workspace_facets"
WHERE "period" = 'd'
GROUP BY "workspace_id", "start", GROUPING SETS (("country"), ("country", "referrer"), ("country", "browser"), ("country", "os"),
	("country", "device"), ("referrer"), ("referrer", "browser"), ("referrer", "os"), ("referrer", "device"), ("browser"), ("browser", "os"),
	("browser", "device"), ("os"), ("os", "device"), ("device"));
