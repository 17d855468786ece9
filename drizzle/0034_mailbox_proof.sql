-- Account pre-hijacking through invitations (docs/security.md): a user created by an invite token has
-- not proven their mailbox (the inviter saw the token). What is made for such a user (sessions, API
-- keys, OAuth grants) is marked, and the first mailbox-proven sign-in revokes it. Users who exist at
-- this upgrade count as proven: nothing tells which were made by a token, and marking all of them
-- would revoke every existing key at its owner's next sign-in.
ALTER TABLE "users" ADD COLUMN "mailbox_proven_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "mailbox_proven_at" = "created_at";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "without_proof" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "without_proof" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_grants" ADD COLUMN "without_proof" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- a link the operator asked for (login-link) proves nothing about the mailbox: only mailed links do.
-- Links still open at the upgrade were mailed or handed out alike; they last 15 minutes and count as not mailed.
ALTER TABLE "sign_in_links" ADD COLUMN "mailed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- the invite token itself, sealed with the instance's secrets key (core/secrets.ts), so the invite list
-- can show the token that accepts; the hash stays the lookup. Invites made before this upgrade have none.
ALTER TABLE "invites" ADD COLUMN "token_sealed" text;
