-- The hourly heatmap under a filter on visitor dimensions (country, referrer, browser, OS, device):
-- each facet day row keeps its clicks by UTC hour, "hours", beside "clicks" (modules/clicks/facets.ts):
-- 24 counts, hour 0 first. An array in the row rather than a row per hour: the heatmap reads the rows
-- a filtered question reads anyway (a row per hour made the workspace's hour rows ~17× its facet rows
-- in bench/stats.ts). Month rows have none (NULL): the heatmap of a range reads its day rows. NULL in
-- a day row: not known (a day whose raw clicks CLICK_RETENTION_DAYS dropped before this upgrade).
CREATE FUNCTION "click_hours_add"(a int4[], b int4[]) RETURNS int4[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT CASE WHEN a IS NULL THEN b WHEN b IS NULL THEN a
		ELSE ARRAY(SELECT coalesce(x, 0) + coalesce(y, 0) FROM unnest(a, b) WITH ORDINALITY u(x, y, k) ORDER BY k) END
$$;
--> statement-breakpoint
CREATE FUNCTION "click_hours_sub"(a int4[], b int4[]) RETURNS int4[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT CASE WHEN a IS NULL OR b IS NULL THEN a
		ELSE ARRAY(SELECT coalesce(x, 0) - coalesce(y, 0) FROM unnest(a, b) WITH ORDINALITY u(x, y, k) ORDER BY k) END
$$;
--> statement-breakpoint
CREATE AGGREGATE "click_hours_sum"(int4[]) (SFUNC = "click_hours_add", STYPE = int4[]);
--> statement-breakpoint
CREATE FUNCTION "click_hours_put"(counts int4[], hour int, n int8) RETURNS int4[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
	counts[hour + 1] := counts[hour + 1] + n;
	RETURN counts;
END
$$;
--> statement-breakpoint
-- a day's 24 counts from its (hour, clicks) rows
CREATE AGGREGATE "click_hours_of"(int, int8) (SFUNC = "click_hours_put", STYPE = int4[],
	INITCOND = '{0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0}');
--> statement-breakpoint
ALTER TABLE "click_link_facets" ADD COLUMN "hours" int4[];
--> statement-breakpoint
ALTER TABLE "click_workspace_facets" ADD COLUMN "hours" int4[];
--> statement-breakpoint
-- the closed days' rows, from the raw clicks kept
UPDATE "click_link_facets" f SET "hours" = r."hours"
FROM (
	SELECT "link_id", ("clicked_at" AT TIME ZONE 'UTC')::date AS "start",
		coalesce("country", '') AS "country",
		coalesce(lower(coalesce(substring("referer" FROM '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:?#]+)'), "referer")), '') AS "referrer",
		coalesce("browser", '') AS "browser", coalesce("os", '') AS "os", coalesce("device", '') AS "device",
		click_hours_of(extract(hour FROM "clicked_at" AT TIME ZONE 'UTC')::int, 1) AS "hours"
	FROM "clicks"
	WHERE "clicked_at" < coalesce((SELECT "until"::timestamp AT TIME ZONE 'UTC' FROM "click_facets_closed"), 'infinity')
	GROUP BY 1, 2, 3, 4, 5, 6, 7
) r
WHERE f."period" = 'd' AND f."link_id" = r."link_id" AND f."start" = r."start" AND f."country" = r."country" AND f."referrer" = r."referrer"
	AND f."browser" = r."browser" AND f."os" = r."os" AND f."device" = r."device";
--> statement-breakpoint
UPDATE "click_workspace_facets" w SET "hours" = l."hours"
FROM (
	SELECT "workspace_id", "period", "start", "country", "referrer", "browser", "os", "device", click_hours_sum("hours") AS "hours"
	FROM "click_link_facets" WHERE "period" = 'd' GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
) l
WHERE w."workspace_id" = l."workspace_id" AND w."period" = l."period" AND w."start" = l."start" AND w."country" = l."country"
	AND w."referrer" = l."referrer" AND w."browser" = l."browser" AND w."os" = l."os" AND w."device" = l."device";
