-- Slack teams linked to a workspace: `/linkhop` slash commands signed with the link's (sealed) signing secret.
CREATE TABLE "slack_links" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL REFERENCES "workspaces"("id") ON DELETE cascade,
	"team_id" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"domain" text,
	"created_by" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "slack_links_workspace_team_idx" ON "slack_links" ("workspace_id","team_id");
--> statement-breakpoint
CREATE INDEX "slack_links_team_idx" ON "slack_links" ("team_id");
