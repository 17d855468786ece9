-- Clicks at scale: a narrow click row partitioned by month, one index, no primary key
-- and no foreign keys (a batch is stored once through click_batches; the clicks module deletes a
-- deleted link's or workspace's clicks itself); stats read the rollup tables, kept by the clicks
-- worker in the transaction that stores the clicks. Existing clicks are moved and rolled up here
-- (their unique visitors are unknown: 0).
CREATE TABLE "clicks_next" (
	"id" uuid NOT NULL,
	"link_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"clicked_at" timestamp with time zone NOT NULL,
	"country" text,
	"referer" text,
	"browser" text,
	"os" text,
	"device" text,
	"language" text
) PARTITION BY RANGE ("clicked_at");
--> statement-breakpoint
DO $$
DECLARE
	m timestamptz;
BEGIN
	m := date_trunc('month', coalesce((SELECT min(clicked_at) FROM clicks), now()) AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
	WHILE m < (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '3 months') AT TIME ZONE 'UTC' LOOP
		EXECUTE format('CREATE TABLE %I PARTITION OF clicks_next FOR VALUES FROM (%L) TO (%L)',
			'clicks_' || to_char(m AT TIME ZONE 'UTC', 'YYYY_MM'), m, ((m AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC');
		m := ((m AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC';
	END LOOP;
END $$;
--> statement-breakpoint
CREATE TABLE "clicks_default" PARTITION OF "clicks_next" DEFAULT;
--> statement-breakpoint
INSERT INTO "clicks_next" ("id", "link_id", "workspace_id", "clicked_at", "country", "referer", "browser", "os", "device", "language")
SELECT CASE WHEN "id" ~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$' THEN "id"::uuid ELSE md5("id")::uuid END,
	"link_id"::uuid, "workspace_id"::uuid, "clicked_at", "country", "referer", "browser", "os", "device", "language"
FROM "clicks";
--> statement-breakpoint
CREATE TABLE "click_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "click_link_hours" (
	"link_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"clicks" bigint NOT NULL,
	"visitors" bigint NOT NULL,
	CONSTRAINT "click_link_hours_link_id_hour_pk" PRIMARY KEY("link_id","hour")
);
--> statement-breakpoint
CREATE TABLE "click_workspace_hours" (
	"workspace_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"clicks" bigint NOT NULL,
	"visitors" bigint NOT NULL,
	CONSTRAINT "click_workspace_hours_workspace_id_hour_pk" PRIMARY KEY("workspace_id","hour")
);
--> statement-breakpoint
CREATE TABLE "click_link_days" (
	"link_id" uuid NOT NULL,
	"dimension" text NOT NULL,
	"day" date NOT NULL,
	"value" text NOT NULL,
	"clicks" bigint NOT NULL,
	CONSTRAINT "click_link_days_link_id_dimension_day_value_pk" PRIMARY KEY("link_id","dimension","day","value")
);
--> statement-breakpoint
CREATE TABLE "click_workspace_days" (
	"workspace_id" uuid NOT NULL,
	"dimension" text NOT NULL,
	"day" date NOT NULL,
	"value" text NOT NULL,
	"clicks" bigint NOT NULL,
	CONSTRAINT "click_workspace_days_workspace_id_dimension_day_value_pk" PRIMARY KEY("workspace_id","dimension","day","value")
);
--> statement-breakpoint
CREATE TABLE "click_visitors" (
	"scope" uuid NOT NULL,
	"day" date NOT NULL,
	"visitor" bigint NOT NULL,
	"hour" smallint NOT NULL,
	CONSTRAINT "click_visitors_scope_day_visitor_pk" PRIMARY KEY("scope","day","visitor")
);
--> statement-breakpoint
CREATE TABLE "click_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "click_link_hours" SELECT "link_id", date_trunc('hour', "clicked_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*), 0 FROM "clicks_next" GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "click_workspace_hours" SELECT "workspace_id", date_trunc('hour', "clicked_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*), 0 FROM "clicks_next" GROUP BY 1, 2;
--> statement-breakpoint
CREATE TEMPORARY TABLE "click_values" AS
SELECT c."link_id", c."workspace_id", (c."clicked_at" AT TIME ZONE 'UTC')::date AS "day", d."dimension", coalesce(d."value", '') AS "value"
FROM "clicks_next" c CROSS JOIN LATERAL (VALUES
	('country', c."country"), ('device', c."device"), ('browser', c."browser"), ('os', c."os"), ('language', c."language"),
	('referrer', lower(coalesce(substring(c."referer" FROM '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:?#]+)'), c."referer")))
) AS d("dimension", "value");
--> statement-breakpoint
INSERT INTO "click_link_days" SELECT "link_id", "dimension", "day", "value", count(*) FROM "click_values" GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO "click_workspace_days" SELECT "workspace_id", "dimension", "day", "value", count(*) FROM "click_values" GROUP BY 1, 2, 3, 4
UNION ALL SELECT "workspace_id", 'link', ("clicked_at" AT TIME ZONE 'UTC')::date, "link_id"::text, count(*) FROM "clicks_next" GROUP BY 1, 3, 4;
--> statement-breakpoint
DROP TABLE "click_values";
--> statement-breakpoint
DROP TABLE "clicks";
--> statement-breakpoint
ALTER TABLE "clicks_next" RENAME TO "clicks";
--> statement-breakpoint
CREATE INDEX "clicks_workspace_time_idx" ON "clicks" USING btree ("workspace_id","clicked_at");
