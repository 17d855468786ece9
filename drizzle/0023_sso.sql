-- Single sign-on: e-mail domains captured by a workspace (verified by DNS TXT), and OpenID Connect attempts under way.
CREATE TABLE "sso_domains" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL REFERENCES "workspaces"("id") ON DELETE cascade,
	"domain" text NOT NULL,
	"verify_token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"default_role" text DEFAULT 'viewer' NOT NULL,
	"sso_required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_workspace_domain_idx" ON "sso_domains" ("workspace_id", "domain");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_verified_domain_idx" ON "sso_domains" ("domain") WHERE "verified_at" is not null;--> statement-breakpoint
CREATE INDEX "sso_domains_workspace_idx" ON "sso_domains" ("workspace_id");--> statement-breakpoint
CREATE TABLE "oidc_logins" (
	"id" text PRIMARY KEY NOT NULL,
	"browser_hash" text NOT NULL UNIQUE,
	"state" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
