CREATE TABLE "links" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"domain" text NOT NULL,
	"slug" text NOT NULL,
	"target" text NOT NULL,
	"title" text,
	"tags" text[],
	"note" text,
	"utm_params" jsonb,
	"expires_at" timestamp with time zone,
	"expired_event_sent_at" timestamp with time zone,
	"fallback_url" text,
	"routing_rules" jsonb,
	"rules" jsonb,
	"ab_variants" jsonb,
	"og_title" text,
	"og_description" text,
	"og_image" text,
	"password_hash" text,
	"redirect_type" integer DEFAULT 302 NOT NULL,
	"interstitial" jsonb,
	"sequence" jsonb,
	"deep_link" jsonb,
	"monitoring" boolean DEFAULT false NOT NULL,
	"click_count" bigint DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clicks" (
	"id" text PRIMARY KEY NOT NULL,
	"link_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"domain" text NOT NULL,
	"slug" text NOT NULL,
	"clicked_at" timestamp with time zone NOT NULL,
	"country" text,
	"referer" text,
	"browser" text,
	"os" text,
	"device" text,
	"language" text
);
--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clicks" ADD CONSTRAINT "clicks_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clicks" ADD CONSTRAINT "clicks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "links_domain_slug_idx" ON "links" USING btree ("domain","slug");--> statement-breakpoint
CREATE INDEX "links_workspace_created_idx" ON "links" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "links_tags_idx" ON "links" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "links_monitoring_idx" ON "links" USING btree ("id") WHERE "links"."monitoring";--> statement-breakpoint
CREATE INDEX "clicks_workspace_time_idx" ON "clicks" USING btree ("workspace_id","clicked_at");--> statement-breakpoint
CREATE INDEX "clicks_link_time_idx" ON "clicks" USING btree ("link_id","clicked_at");