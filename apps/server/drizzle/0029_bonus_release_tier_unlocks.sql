CREATE TABLE "player_bonus_release_tiers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_release_id" uuid NOT NULL,
	"definition_id" uuid NOT NULL,
	"op_id" text NOT NULL,
	"player_id" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"tier" integer NOT NULL,
	"wagered_in_usd" numeric(30, 8) DEFAULT '0' NOT NULL,
	"required_wager_in_usd" numeric(30, 8) NOT NULL,
	"amount_in_usd" numeric(30, 8) NOT NULL,
	"unlocked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonus_release_tiers_release_tier_uq" ON "player_bonus_release_tiers" USING btree ("player_release_id","tier");--> statement-breakpoint
CREATE INDEX "player_bonus_release_tiers_definition_idx" ON "player_bonus_release_tiers" USING btree ("definition_id","player_id");