ALTER TABLE "transactions" ADD COLUMN "claim_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "claim" jsonb;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "provider_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "provider_checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "tx_in_flight_idx" ON "transactions" USING btree ("claimed_at") WHERE status = 'IN_FLIGHT';--> statement-breakpoint
CREATE INDEX "tx_provider_check_idx" ON "transactions" USING btree ("provider_check_at") WHERE provider_check_at is not null;