-- An operator's additional top-up currencies (001 §3 extraData.additionalTopupCurrencies, §9: top-ups
-- are in USD plus these). Until now a top-up could use any allowed currency of the operator: existing
-- operators keep exactly those (their allowed currencies but USD), so nothing changes for their staff.
ALTER TABLE "operators" ADD COLUMN "additional_topup_currencies" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "operators" SET "additional_topup_currencies" = array_remove("allowed_currencies", 'USD');
