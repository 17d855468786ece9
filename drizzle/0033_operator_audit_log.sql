-- The instance's audit log (modules/admin/schema.ts): what operators did to people and workspaces. Ids
-- without foreign keys: an entry outlives the user or workspace it names.
CREATE TABLE "operator_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" text,
	"action" text NOT NULL,
	"user_id" text,
	"workspace_id" text,
	"details" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "operator_audit_created_idx" ON "operator_audit_log" USING btree ("created_at");
