-- Invite tokens are credentials: only their SHA-256 (hex) is kept, as for API keys and sessions.
-- The stored tokens are hashed in place, so invitations already mailed keep working.
ALTER TABLE "invites" RENAME COLUMN "token" TO "token_hash";--> statement-breakpoint
UPDATE "invites" SET "token_hash" = encode(sha256(convert_to("token_hash", 'UTF8')), 'hex');--> statement-breakpoint
ALTER INDEX "invites_token_idx" RENAME TO "invites_token_hash_idx";
