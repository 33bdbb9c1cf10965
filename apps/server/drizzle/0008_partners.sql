CREATE TABLE "partner_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"op_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"description" text NOT NULL,
	"domain" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_settings" (
	"op_id" text PRIMARY KEY NOT NULL,
	"domain" text,
	"is_active" boolean DEFAULT false NOT NULL,
	"casino_share_percentage" integer DEFAULT 1 NOT NULL,
	"sport_share_percentage" integer DEFAULT 1 NOT NULL,
	"affiliate_fee_percentage" integer DEFAULT 1 NOT NULL,
	"bonus_fee_percentage" integer DEFAULT 1 NOT NULL,
	"cashback_fee_percentage" integer DEFAULT 1 NOT NULL,
	"deposit_fee_percentage" integer DEFAULT 1 NOT NULL,
	"withdraw_fee_percentage" integer DEFAULT 1 NOT NULL,
	"min_withdraw_amount_in_usd" integer DEFAULT 1 NOT NULL,
	"settings_updated_at" timestamp with time zone,
	"settings_updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_withdrawals" (
	"tx_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"op_id" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"from_amount" numeric(30, 8) NOT NULL,
	"from_currency" text NOT NULL,
	"from_amount_in_usd" numeric(30, 8) NOT NULL,
	"to_amount" numeric(30, 8) NOT NULL,
	"to_currency" text NOT NULL,
	"to_amount_in_usd" numeric(30, 8) NOT NULL,
	"network" text NOT NULL,
	"destination_address" text NOT NULL,
	"note" text,
	"requested_by" text NOT NULL,
	"confirmed_by" text,
	"confirmed_at" timestamp with time zone,
	"rejected_by" text,
	"rejected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "partner_channels_op_channel_uq" ON "partner_channels" USING btree ("op_id","channel_id");--> statement-breakpoint
CREATE INDEX "partner_channels_op_created_idx" ON "partner_channels" USING btree ("op_id","created_at","id");--> statement-breakpoint
CREATE INDEX "partner_channels_created_idx" ON "partner_channels" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "partner_withdrawals_op_created_idx" ON "partner_withdrawals" USING btree ("op_id","created_at","tx_id");--> statement-breakpoint
CREATE INDEX "partner_withdrawals_created_idx" ON "partner_withdrawals" USING btree ("created_at","tx_id");--> statement-breakpoint
CREATE INDEX "partner_withdrawals_pending_idx" ON "partner_withdrawals" USING btree ("op_id") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "players_aff_created_idx" ON "players" USING btree ("aff_id","created_at") WHERE aff_id is not null;