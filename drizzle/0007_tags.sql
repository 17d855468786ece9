CREATE TABLE "tags" (
	"workspace_id" text NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"date_from" date,
	"date_to" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_workspace_id_name_pk" PRIMARY KEY("workspace_id","name")
);
--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;