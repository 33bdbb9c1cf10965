-- A deposit bonus definition counts its edits (version 1 when created); a player's deposit bonus keeps the
-- definition's version and the prize type it was awarded under (001 §3 Player bonus: prizeType, version).
ALTER TABLE "bonus_definitions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_deposit_bonuses" ADD COLUMN "bonus_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_deposit_bonuses" ADD COLUMN "prize_type" text DEFAULT 'LOCKED' NOT NULL;