-- The extension plugins' key-value store (ctx.store): one row per plugin and key, shared by every process.
-- app/plugin-store.ts refuses a key over 200 characters or a value over 64 KiB of JSON with a clear message;
-- these checks are the backstop (jsonb's text adds spaces, so the value's is looser).
CREATE TABLE "plugin_state" (
	"plugin" text NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugin_state_plugin_key_pk" PRIMARY KEY("plugin","key"),
	CONSTRAINT "plugin_state_key_length" CHECK (char_length("key") BETWEEN 1 AND 200),
	CONSTRAINT "plugin_state_value_size" CHECK (octet_length("value"::text) <= 262144)
);
