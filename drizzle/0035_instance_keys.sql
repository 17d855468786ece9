-- The instance's secrets key when SECRETS_KEY is not given in production (core/secrets.ts): made once by
-- the first process, read by every other, so that processes started without the setting agree on it.
CREATE TABLE IF NOT EXISTS "instance_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
