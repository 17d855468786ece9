-- Conversion rollups: leads per link and day, sales and revenue per link, day and currency; filled from the leads and sales stored so far
CREATE TABLE "conversion_lead_days" (
	"workspace_id" text NOT NULL REFERENCES "workspaces"("id") ON DELETE cascade,
	"link_id" text NOT NULL,
	"day" date NOT NULL,
	"leads" integer NOT NULL,
	PRIMARY KEY ("workspace_id","link_id","day")
);
--> statement-breakpoint
CREATE INDEX "conversion_lead_days_day_idx" ON "conversion_lead_days" USING btree ("workspace_id","day");
--> statement-breakpoint
CREATE TABLE "conversion_sale_days" (
	"workspace_id" text NOT NULL REFERENCES "workspaces"("id") ON DELETE cascade,
	"link_id" text NOT NULL,
	"day" date NOT NULL,
	"currency" char(3) NOT NULL,
	"sales" integer NOT NULL,
	"amount" bigint NOT NULL,
	PRIMARY KEY ("workspace_id","link_id","day","currency")
);
--> statement-breakpoint
CREATE INDEX "conversion_sale_days_day_idx" ON "conversion_sale_days" USING btree ("workspace_id","day");
--> statement-breakpoint
INSERT INTO "conversion_lead_days" ("workspace_id","link_id","day","leads")
	SELECT "workspace_id", "link_id", ("created_at" AT TIME ZONE 'UTC')::date, count(*) FROM "conversion_leads" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "conversion_sale_days" ("workspace_id","link_id","day","currency","sales","amount")
	SELECT "workspace_id", "link_id", ("created_at" AT TIME ZONE 'UTC')::date, "currency", count(*), sum("amount") FROM "conversion_sales" GROUP BY 1, 2, 3, 4;
