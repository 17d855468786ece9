CREATE TABLE "link_health" (
	"link_id" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"last_status" integer,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "link_health" ADD CONSTRAINT "link_health_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE cascade ON UPDATE no action;