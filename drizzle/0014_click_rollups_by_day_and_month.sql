-- Click rollups per day and per month (second pass). The daily breakdowns were one row per
-- link, day, dimension and value: about two row upserts per stored click when links get a few clicks
-- each. Now one row per link and day ("period" 'd') holds the day's clicks, unique visitors and each
-- dimension's counts as a small jsonb object, and one row per link and month ('m') the same for the
-- month: a long range reads months, and days only at its ends. The same per workspace, except that a
-- link's month rows hold its clicks and visitors only (its breakdowns, at most 366 days, read its day
-- rows; every batch rewrites the month row). Top links read the link rows by workspace (no 'link'
-- dimension). Existing rollups are converted here.
CREATE FUNCTION "click_counts_add"(a jsonb, b jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT (a || coalesce(jsonb_object_agg(key, n) FILTER (WHERE n > 0), '{}')) - coalesce(array_agg(key) FILTER (WHERE n <= 0), '{}')
	FROM (SELECT key, coalesce((a->>key)::int8, 0) + value::int8 AS n FROM jsonb_each_text(b)) s
$$;
--> statement-breakpoint
CREATE AGGREGATE "click_counts_sum"(jsonb) (SFUNC = "click_counts_add", STYPE = jsonb, INITCOND = '{}');
--> statement-breakpoint
CREATE TABLE "click_link_periods" (
	"link_id" uuid NOT NULL,
	"period" char(1) NOT NULL,
	"start" date NOT NULL,
	"workspace_id" uuid NOT NULL,
	"clicks" bigint NOT NULL,
	"visitors" bigint NOT NULL,
	"country" jsonb NOT NULL,
	"referrer" jsonb NOT NULL,
	"browser" jsonb NOT NULL,
	"os" jsonb NOT NULL,
	"device" jsonb NOT NULL,
	"language" jsonb NOT NULL,
	CONSTRAINT "click_link_periods_pk" PRIMARY KEY("link_id","period","start")
) WITH (fillfactor = 70);
--> statement-breakpoint
CREATE INDEX "click_link_periods_workspace_idx" ON "click_link_periods" USING btree ("workspace_id","period","start");
--> statement-breakpoint
CREATE TABLE "click_workspace_periods" (
	"workspace_id" uuid NOT NULL,
	"period" char(1) NOT NULL,
	"start" date NOT NULL,
	"clicks" bigint NOT NULL,
	"visitors" bigint NOT NULL,
	"country" jsonb NOT NULL,
	"referrer" jsonb NOT NULL,
	"browser" jsonb NOT NULL,
	"os" jsonb NOT NULL,
	"device" jsonb NOT NULL,
	"language" jsonb NOT NULL,
	CONSTRAINT "click_workspace_periods_pk" PRIMARY KEY("workspace_id","period","start")
) WITH (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE "click_link_hours" SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE "click_workspace_hours" SET (fillfactor = 70);
--> statement-breakpoint
CREATE TEMPORARY TABLE "click_day_values" AS
SELECT "link_id" AS "scope", "day", "dimension", jsonb_object_agg("value", "clicks") AS "counts" FROM "click_link_days" GROUP BY 1, 2, 3
UNION ALL
SELECT "workspace_id", "day", "dimension", jsonb_object_agg("value", "clicks") FROM "click_workspace_days" WHERE "dimension" <> 'link' GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "click_link_periods"
SELECT t."link_id", 'd', t."day", t."workspace_id", t."clicks", t."visitors",
	coalesce((SELECT "counts" FROM "click_day_values" v WHERE v."scope" = t."link_id" AND v."day" = t."day" AND v."dimension" = 'country'), '{}'),
	coalesce((SELECT "counts" FROM "click_day_values" v WHERE v."scope" = t."link_id" AND v."day" = t."day" AND v."dimension" = 'referrer'), '{}'),
	coalesce((SELECT "counts" FROM "click_day_values" v WHERE v."scope" = t."link_id" AND v."day" = t."day" AND v."dimension" = 'browser'), '{}'),
	coalesce((SELECT "counts" FROM "click_day_values" v WHERE v."scope" = t."link_id" AND v."day" = t."day" AND v."dimension" = 'os'), '{}'),
	coalesce((SELECT "counts" FROM "click_day_values" v WHERE v."scope" = t."link_id" AND v."day" = t."day" AND v."dimension" = 'device'), '{}'),
	coalesce((SELECT "counts" FROM "click_day_values" v WHERE v."scope" = t."link_id" AND v."day" = t."day" AND v."dimension" = 'language'), '{}')
FROM (SELECT h."link_id", w."workspace_id", (h."hour" AT TIME ZONE 'UTC')::date AS "day", sum(h."clicks") AS "clicks", sum(h."visitors") AS "visitors"
	FROM "click_link_hours" h JOIN (SELECT DISTINCT "workspace_id", "value"::uuid AS "link_id" FROM "click_workspace_days" WHERE "dimension" = 'link') w USING ("link_id")
	GROUP BY 1, 2, 3) t;
--> statement-breakpoint
INSERT INTO "click_workspace_periods"
SELECT t."workspace_id", 'd', t."day", t."clicks", t."visitors",
	coalesce((SELECT "counts" FROM "click_day_values" v WHERE v."scope" = t."workspace_id" AND v."day" = t."day" AND v."dimension" = 'country'), '{}'),
	coalesce((SELECT "counts" FROM "click_day_values" v WHERE v."scope" = t."workspace_id" AND v."day" = t."day" AND v."dimension" = 'referrer'), '{}'),
	coalesce((SELECT "counts" FROM "click_day_values" v WHERE v."scope" = t."workspace_id" AND v."day" = t."day" AND v."dimension" = 'browser'), '{}'),
	coalesce((SELECT "counts" FROM "click_day_values" v WHERE v."scope" = t."workspace_id" AND v."day" = t."day" AND v."dimension" = 'os'), '{}'),
	coalesce((SELECT "counts" FROM "click_day_values" v WHERE v."scope" = t."workspace_id" AND v."day" = t."day" AND v."dimension" = 'device'), '{}'),
	coalesce((SELECT "counts" FROM "click_day_values" v WHERE v."scope" = t."workspace_id" AND v."day" = t."day" AND v."dimension" = 'language'), '{}')
FROM (SELECT "workspace_id", ("hour" AT TIME ZONE 'UTC')::date AS "day", sum("clicks") AS "clicks", sum("visitors") AS "visitors" FROM "click_workspace_hours" GROUP BY 1, 2) t;
--> statement-breakpoint
DROP TABLE "click_day_values";
--> statement-breakpoint
INSERT INTO "click_link_periods"
SELECT "link_id", 'm', date_trunc('month', "start")::date, "workspace_id", sum("clicks"), sum("visitors"), '{}', '{}', '{}', '{}', '{}', '{}'
FROM "click_link_periods" WHERE "period" = 'd' GROUP BY 1, 3, 4;
--> statement-breakpoint
INSERT INTO "click_workspace_periods"
SELECT "workspace_id", 'm', date_trunc('month', "start")::date, sum("clicks"), sum("visitors"), click_counts_sum("country"), click_counts_sum("referrer"),
	click_counts_sum("browser"), click_counts_sum("os"), click_counts_sum("device"), click_counts_sum("language")
FROM "click_workspace_periods" WHERE "period" = 'd' GROUP BY 1, 3;
--> statement-breakpoint
DROP TABLE "click_link_days";
--> statement-breakpoint
DROP TABLE "click_workspace_days";
