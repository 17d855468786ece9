-- The hourly heatmap of a workspace under a filter on visitor dimensions, over long ranges: each
-- workspace facet month row keeps its clicks by ISO weekday and UTC hour, "week_hours" (168 counts,
-- Monday 0h first), the sum of its day rows' "hours" placed at their weekdays (modules/clicks/facets.ts).
-- A year's heatmap then reads 12 month rows per combination instead of 365 day rows (bench/stats.ts:
-- Safari + iOS read 7,280 day rows over ~6,000 heap pages). Day rows, and the link facet rows, have none.
CREATE FUNCTION "click_week_hours"(day date, hours int4[]) RETURNS int4[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT CASE WHEN hours IS NULL THEN NULL
		ELSE array_fill(0, ARRAY[(extract(isodow FROM day)::int - 1) * 24]) || hours || array_fill(0, ARRAY[(7 - extract(isodow FROM day)::int) * 24]) END
$$;
--> statement-breakpoint
ALTER TABLE "click_workspace_facets" ADD COLUMN "week_hours" int4[];
--> statement-breakpoint
-- the month rows made so far, from their day rows
UPDATE "click_workspace_facets" m SET "week_hours" = d."week_hours"
FROM (
	SELECT "workspace_id", date_trunc('month', "start")::date AS "start", "country", "referrer", "browser", "os", "device",
		click_hours_sum(click_week_hours("start", "hours")) AS "week_hours"
	FROM "click_workspace_facets" WHERE "period" = 'd' GROUP BY 1, 2, 3, 4, 5, 6, 7
) d
WHERE m."period" = 'm' AND m."workspace_id" = d."workspace_id" AND m."start" = d."start" AND m."country" = d."country"
	AND m."referrer" = d."referrer" AND m."browser" = d."browser" AND m."os" = d."os" AND m."device" = d."device";
