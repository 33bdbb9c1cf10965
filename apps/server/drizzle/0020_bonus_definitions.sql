CREATE TABLE "bonus_definitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"op_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"percentage" numeric(30, 8) NOT NULL,
	"max_bonus_in_usd" numeric(30, 8) NOT NULL,
	"min_deposit_in_usd" numeric(30, 8) NOT NULL,
	"wager_multiplier" integer NOT NULL,
	"bet_type" text NOT NULL,
	"providers" text[] DEFAULT '{}'::text[] NOT NULL,
	"games" text[] DEFAULT '{}'::text[] NOT NULL,
	"currencies" text[] DEFAULT '{}'::text[] NOT NULL,
	"cloned_from" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text
);
--> statement-breakpoint
CREATE TABLE "player_deposit_bonuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bonus_id" uuid NOT NULL,
	"op_id" text NOT NULL,
	"player_id" uuid NOT NULL,
	"deposit_tx_id" uuid,
	"deposit_amount_in_usd" numeric(30, 8) NOT NULL,
	"bonus_amount_in_usd" numeric(30, 8) NOT NULL,
	"wager_required_in_usd" numeric(30, 8) NOT NULL,
	"wagered_in_usd" numeric(30, 8) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "bonus_definitions_op_start_idx" ON "bonus_definitions" USING btree ("op_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "bonus_definitions_start_idx" ON "bonus_definitions" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "player_deposit_bonuses_op_created_idx" ON "player_deposit_bonuses" USING btree ("op_id","created_at","id");--> statement-breakpoint
CREATE INDEX "player_deposit_bonuses_created_idx" ON "player_deposit_bonuses" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "player_deposit_bonuses_bonus_idx" ON "player_deposit_bonuses" USING btree ("bonus_id");--> statement-breakpoint
CREATE INDEX "player_deposit_bonuses_player_idx" ON "player_deposit_bonuses" USING btree ("player_id");