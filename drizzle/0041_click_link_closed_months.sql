-- A link's breakdowns (its countries, referrers, devices, browsers, OSes over a range, and its
-- countries all time) read one day row per day: 365 rows per question for a year. Its month rows
-- ('m') keep no counts by value (every batch rewrites them, drizzle/0014). Now one row per link and
-- month, period 'c' ("closed month"), holds the sums of the link's day rows of the month's closed
-- facet days (drizzle/0029: the days before click_facets_closed.until, every day before the first
-- closing), counts by value included: the closing of a day adds its day rows, a batch its clicks of
-- closed days (modules/clicks/periods.ts). A range reads its whole months from them, and day rows
-- for the rest. Made here from the day rows already stored.
INSERT INTO "click_link_periods" ("link_id", "period", "start", "workspace_id", "clicks", "visitors", "country", "referrer", "browser", "os", "device", "language")
SELECT "link_id", 'c', date_trunc('month', "start")::date, (array_agg("workspace_id"))[1], sum("clicks"), sum("visitors"),
	click_counts_sum("country"), click_counts_sum("referrer"), click_counts_sum("browser"), click_counts_sum("os"), click_counts_sum("device"), click_counts_sum("language")
FROM "click_link_periods"
WHERE "period" = 'd' AND "start" < coalesce((SELECT "until" FROM "click_facets_closed"), 'infinity'::date)
GROUP BY "link_id", 3;
--> statement-breakpoint
-- the workspaces with clicks on a day, whose link day rows the closing of that day adds
CREATE INDEX "click_workspace_periods_day_idx" ON "click_workspace_periods" USING btree ("start") WHERE "period" = 'd';
