-- A workspace's top links under one or two filters on visitor dimensions: per link and UTC month, the
-- clicks under each value of one dimension and each pair of values of two ("dimensions": the bits of
-- country 1, referrer 2, browser 4, os 8, device 16; "vals" in that order), written with the link
-- month facet rows (modules/clicks/facets.ts). The link facet rows keep every combination of all five
-- dimensions: a year of Safari + iOS read ~110,000 of them (~700 ms in bench/stats.ts).
CREATE TABLE "click_link_slices" (
	"workspace_id" uuid NOT NULL,
	"dimensions" smallint NOT NULL,
	"vals" text[] NOT NULL,
	"start" date NOT NULL,
	"link_id" uuid NOT NULL,
	"clicks" bigint NOT NULL,
	CONSTRAINT "click_link_slices_pk" PRIMARY KEY("workspace_id","dimensions","vals","start","link_id")
);
--> statement-breakpoint
-- the link month facet rows made so far
INSERT INTO "click_link_slices" ("workspace_id", "dimensions", "vals", "start", "link_id", "clicks")
SELECT f."workspace_id", s."dimensions", s."vals", f."start", f."link_id", sum(f."clicks")
FROM "click_link_facets" f CROSS JOIN LATERAL (VALUES
	(1, ARRAY[f."country"]), (2, ARRAY[f."referrer"]), (4, ARRAY[f."browser"]), (8, ARRAY[f."os"]), (16, ARRAY[f."device"]),
	(3, ARRAY[f."country", f."referrer"]), (5, ARRAY[f."country", f."browser"]), (9, ARRAY[f."country", f."os"]), (17, ARRAY[f."country", f."device"]),
	(6, ARRAY[f."referrer", f."browser"]), (10, ARRAY[f."referrer", f."os"]), (18, ARRAY[f."referrer", f."device"]),
	(12, ARRAY[f."browser", f."os"]), (20, ARRAY[f."browser", f."device"]), (24, ARRAY[f."os", f."device"])
) s("dimensions", "vals")
WHERE f."period" = 'm'
GROUP BY 1, 2, 3, 4, 5;
