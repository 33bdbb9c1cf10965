ALTER TABLE "bets" ADD COLUMN "cancel_note" text;--> statement-breakpoint
-- Bets canceled before the column existed: their note from the audit record of the cancel.
UPDATE "bets" SET "cancel_note" = a."after"->>'note'
  FROM "activities" a
  WHERE a."action" = 'BET_CANCEL' AND a."target_id" = "bets"."bet_id" AND "bets"."status" = 'CANCELED' AND "bets"."cancel_note" IS NULL;
