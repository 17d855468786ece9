ALTER TABLE "links" ADD COLUMN "external_id" text;
