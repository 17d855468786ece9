-- Conversion tracking: the link switch, the workspace's default and attribution window, leads and sales
ALTER TABLE "links" ADD COLUMN "track_conversions" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "track_conversions_default" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "attribution_window_days" integer DEFAULT 90 NOT NULL;
--> statement-breakpoint
CREATE TABLE "conversion_leads" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL REFERENCES "workspaces"("id") ON DELETE cascade,
	"link_id" text NOT NULL,
	"click_id" text NOT NULL,
	"clicked_at" timestamp with time zone NOT NULL,
	"customer_id" text NOT NULL,
	"event_name" text NOT NULL,
	"customer_email" text,
	"customer_name" text,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "conversion_leads_customer_event_idx" ON "conversion_leads" USING btree ("workspace_id","customer_id","event_name");
--> statement-breakpoint
CREATE INDEX "conversion_leads_workspace_time_idx" ON "conversion_leads" USING btree ("workspace_id","created_at");
--> statement-breakpoint
CREATE INDEX "conversion_leads_link_time_idx" ON "conversion_leads" USING btree ("link_id","created_at");
--> statement-breakpoint
CREATE TABLE "conversion_sales" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL REFERENCES "workspaces"("id") ON DELETE cascade,
	"lead_id" text NOT NULL REFERENCES "conversion_leads"("id") ON DELETE cascade,
	"link_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"event_name" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"invoice_id" text,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "conversion_sales_invoice_idx" ON "conversion_sales" USING btree ("workspace_id","invoice_id");
--> statement-breakpoint
CREATE INDEX "conversion_sales_workspace_time_idx" ON "conversion_sales" USING btree ("workspace_id","created_at");
--> statement-breakpoint
CREATE INDEX "conversion_sales_link_time_idx" ON "conversion_sales" USING btree ("link_id","created_at");
--> statement-breakpoint
CREATE INDEX "conversion_sales_lead_idx" ON "conversion_sales" USING btree ("lead_id");
