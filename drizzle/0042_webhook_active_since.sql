-- When a webhook last became active (created or resumed): an event older than that is not delivered,
-- so that an event that came while it was paused stays dropped when its delivery runs after a resume.
ALTER TABLE "webhooks" ADD COLUMN "active_since" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
UPDATE "webhooks" SET "active_since" = "updated_at";
