-- Logos for QR codes (issue 40): PNG or JPEG files, base64 in `data`; at most one workspace logo each.
CREATE TABLE "qr_logos" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL REFERENCES "workspaces"("id") ON DELETE cascade,
	"content_type" text NOT NULL CHECK ("content_type" IN ('image/png', 'image/jpeg')),
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" text NOT NULL,
	"workspace_logo" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "qr_logos_file_idx" ON "qr_logos" USING btree ("workspace_id","sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "qr_logos_workspace_logo_idx" ON "qr_logos" USING btree ("workspace_id") WHERE "qr_logos"."workspace_logo";--> statement-breakpoint
CREATE INDEX "qr_logos_workspace_idx" ON "qr_logos" USING btree ("workspace_id","created_at");
