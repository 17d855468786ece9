-- Stats: distinct visitor countries of a workspace by a loose index scan (one probe per country)
-- instead of reading every click row; GET /stats/summary stays fast at millions of clicks.
CREATE INDEX IF NOT EXISTS "clicks_workspace_country_idx" ON "clicks" USING btree ("workspace_id","country");
