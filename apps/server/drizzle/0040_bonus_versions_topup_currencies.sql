-- A deposit bonus definition counts its edits (version 1 when created); a player's deposit bonus keeps the
-- definition's version and the prize type it was awarded under (001 §3 Player bonus: prizeType, version).
-- An operator's additional top-up currencies (001 §3 extraData.additionalTopupCurrencies, §9: top-ups
-- are in USD plus these). Until now a top-up could use any allowed currency of the operator: existing
-- operators keep exactly those (their allowed currencies but USD), so nothing changes for their staff.
ALTER TABLE "bonus_definitions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "additional_topup_currencies" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "player_deposit_bonuses" ADD COLUMN "bonus_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_deposit_bonuses" ADD COLUMN "prize_type" text DEFAULT 'LOCKED' NOT NULL;--> statement-breakpoint
UPDATE "operators" SET "additional_topup_currencies" = array_remove("allowed_currencies", 'USD');
