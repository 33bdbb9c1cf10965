CREATE TABLE "bonus_release_definitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"op_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"schedule" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"bet_type" text NOT NULL,
	"game_providers" text[] DEFAULT '{}'::text[] NOT NULL,
	"games" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"tiers" jsonb NOT NULL,
	"bonus_amount_in_usd" numeric(30, 8) NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text
);
--> statement-breakpoint
CREATE TABLE "player_bonus_releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"definition_id" uuid NOT NULL,
	"op_id" text NOT NULL,
	"player_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_unlocked_at" timestamp with time zone,
	"wagered_amount_in_usd" numeric(30, 8) DEFAULT '0' NOT NULL,
	"unlocked_amount_in_usd" numeric(30, 8) DEFAULT '0' NOT NULL,
	"claimed_amount_in_usd" numeric(30, 8) DEFAULT '0' NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"applied_tier_rule" jsonb
);
--> statement-breakpoint
CREATE INDEX "bonus_release_definitions_op_created_idx" ON "bonus_release_definitions" USING btree ("op_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bonus_release_definitions_created_idx" ON "bonus_release_definitions" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonus_releases_def_player_uq" ON "player_bonus_releases" USING btree ("definition_id","player_id");--> statement-breakpoint
CREATE INDEX "player_bonus_releases_player_idx" ON "player_bonus_releases" USING btree ("player_id");