ALTER TABLE "webhook_deliveries" ADD COLUMN "payload" jsonb;
