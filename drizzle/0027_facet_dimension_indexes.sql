-- Filtered stats read the facet rollups by the filter's dimension values. Their primary keys lead
-- with the day, so `country = 'DE'` over a year scanned every combination of every day (a
-- workspace's top links under two filters took ~300 ms at 10 M clicks, bench/stats.ts). An index
-- (workspace, period, value, day) takes a filter's rows straight, and two are combined. `clicks` is
-- in none, so the clicks worker's increments stay HOT updates; but a new combination's first row
-- enters every index, which in a mix of many visitors per link is most rows (measured ~+15 µs of
-- PostgreSQL CPU per click with all five on both tables). So the workspace rows, fewer, have all
-- five; the links' rows only those of the dimensions that select few rows, the country and the
-- referrer host (a browser, an OS or a device lets a fifth to a third through: an index saves
-- little there). The workspace index of the link rows is dropped: these lead with the workspace.
DROP INDEX IF EXISTS "click_link_facets_workspace_idx";
--> statement-breakpoint
CREATE INDEX "click_link_facets_country_idx" ON "click_link_facets" USING btree ("workspace_id","period","country","start");
--> statement-breakpoint
CREATE INDEX "click_link_facets_referrer_idx" ON "click_link_facets" USING btree ("workspace_id","period","referrer","start");
--> statement-breakpoint
CREATE INDEX "click_workspace_facets_country_idx" ON "click_workspace_facets" USING btree ("workspace_id","period","country","start");
--> statement-breakpoint
CREATE INDEX "click_workspace_facets_referrer_idx" ON "click_workspace_facets" USING btree ("workspace_id","period","referrer","start");
--> statement-breakpoint
CREATE INDEX "click_workspace_facets_browser_idx" ON "click_workspace_facets" USING btree ("workspace_id","period","browser","start");
--> statement-breakpoint
CREATE INDEX "click_workspace_facets_os_idx" ON "click_workspace_facets" USING btree ("workspace_id","period","os","start");
--> statement-breakpoint
CREATE INDEX "click_workspace_facets_device_idx" ON "click_workspace_facets" USING btree ("workspace_id","period","device","start");
