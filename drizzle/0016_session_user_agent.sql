ALTER TABLE "sessions" ADD COLUMN "user_agent" text;
