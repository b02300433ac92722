ALTER TABLE "outbox" ADD COLUMN "claim_token" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "claimed_by" varchar(100);--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_lease_idx" ON "outbox" USING btree ("lease_expires_at") WHERE "outbox"."status" = 'sending';