CREATE TABLE "bet_month_totals" (
	"op_id" text NOT NULL,
	"month" text NOT NULL,
	"bet_type" text NOT NULL,
	"is_test" boolean NOT NULL,
	"shard" integer NOT NULL,
	"stake_in_usd" numeric(30, 8) DEFAULT '0' NOT NULL,
	"win_in_usd" numeric(30, 8) DEFAULT '0' NOT NULL,
	"bets" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "bet_month_totals_op_id_month_bet_type_is_test_shard_pk" PRIMARY KEY("op_id","month","bet_type","is_test","shard")
);
--> statement-breakpoint
CREATE TABLE "billing_accounts" (
	"op_id" text PRIMARY KEY NOT NULL,
	"invoiced_in_usd" numeric(30, 8) DEFAULT '0' NOT NULL,
	"paid_in_usd" numeric(30, 8) DEFAULT '0' NOT NULL,
	"invoices" integer DEFAULT 0 NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"last_invoice_at" timestamp with time zone,
	"last_payment_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"op_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"amount_in_usd" numeric(30, 8) NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"updated_by" text,
	"invoice_no" integer,
	"year" integer,
	"month" integer,
	"test_players_inclusion" text,
	"include_brands" boolean,
	"figures" jsonb,
	"is_settings_overridden" boolean,
	"super_admin_note" text,
	"payment_type" text,
	"paid_by" text,
	"currency" text,
	"amount" numeric(30, 8),
	"exchange_rate_in_usd" numeric(30, 12),
	"paid_invoice_no" integer,
	"explorer_url" text
);
--> statement-breakpoint
CREATE TABLE "billing_settings" (
	"op_id" text PRIMARY KEY NOT NULL,
	"casino_ggr_percentage" numeric(7, 2) DEFAULT '0' NOT NULL,
	"sport_ggr_percentage" numeric(7, 2) DEFAULT '0' NOT NULL,
	"premium_sport_in_usd" numeric(30, 8) DEFAULT '0' NOT NULL,
	"premium_bot_in_usd" numeric(30, 8) DEFAULT '0' NOT NULL,
	"brand_fee_in_usd" numeric(30, 8) DEFAULT '0' NOT NULL,
	"min_monthly_fee_in_usd" numeric(30, 8) DEFAULT '0' NOT NULL,
	"additional_costs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cpg_wallet_address" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "invoice_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"test_players_inclusion" text NOT NULL,
	"overwrite_existing_invoice" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "billing_records_invoice_month_uq" ON "billing_records" USING btree ("op_id","year","month") WHERE type = 'INVOICE';--> statement-breakpoint
CREATE UNIQUE INDEX "billing_records_invoice_no_uq" ON "billing_records" USING btree ("invoice_no");--> statement-breakpoint
CREATE INDEX "billing_records_op_issued_idx" ON "billing_records" USING btree ("op_id","issued_at","id");--> statement-breakpoint
CREATE INDEX "billing_records_issued_idx" ON "billing_records" USING btree ("issued_at","id");--> statement-breakpoint
CREATE INDEX "invoice_runs_created_idx" ON "invoice_runs" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_runs_month_active_uq" ON "invoice_runs" USING btree ("year","month") WHERE status in ('QUEUED', 'RUNNING');--> statement-breakpoint
-- The monthly GGR roll-up of bets (README "Billing"): every bet adds its stake and win in USD to
-- its operator's month (UTC), bet type and player's test flag, on one of 8 shards; an update
-- moves the bet out of its old cell and into its new one; a canceled bet counts nothing.
CREATE OR REPLACE FUNCTION bet_month_totals_add(p_op text, p_player uuid, p_placed timestamptz, p_type text, p_stake numeric, p_win numeric, p_status text, p_id uuid, p_sign integer) RETURNS void AS $$
DECLARE t boolean;
BEGIN
  IF p_status = 'CANCELED' THEN RETURN; END IF;
  SELECT is_test INTO t FROM players WHERE id = p_player;
  INSERT INTO bet_month_totals AS b (op_id, month, bet_type, is_test, shard, stake_in_usd, win_in_usd, bets)
  VALUES (p_op, to_char(p_placed AT TIME ZONE 'UTC', 'YYYY-MM'), p_type, coalesce(t, false), abs(hashtext(p_id::text)) % 8, p_sign * p_stake, p_sign * p_win, p_sign)
  ON CONFLICT (op_id, month, bet_type, is_test, shard) DO UPDATE
    SET stake_in_usd = b.stake_in_usd + EXCLUDED.stake_in_usd, win_in_usd = b.win_in_usd + EXCLUDED.win_in_usd, bets = b.bets + EXCLUDED.bets;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bet_month_totals_on_bet() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM bet_month_totals_add(OLD.op_id, OLD.player_id, OLD.placed_at, OLD.bet_type, OLD.stake_in_usd, OLD.win_in_usd, OLD.status, OLD.id, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM bet_month_totals_add(NEW.op_id, NEW.player_id, NEW.placed_at, NEW.bet_type, NEW.stake_in_usd, NEW.win_in_usd, NEW.status, NEW.id, 1);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER bet_month_totals_bet AFTER INSERT OR DELETE OR UPDATE OF op_id, player_id, placed_at, bet_type, stake_in_usd, win_in_usd, status ON bets FOR EACH ROW EXECUTE FUNCTION bet_month_totals_on_bet();
--> statement-breakpoint
-- A player whose test flag changes moves their bets to the other flag's cells (their bets by index).
CREATE OR REPLACE FUNCTION bet_month_totals_on_player() RETURNS trigger AS $$
BEGIN
  INSERT INTO bet_month_totals AS b (op_id, month, bet_type, is_test, shard, stake_in_usd, win_in_usd, bets)
  SELECT x.op_id, to_char(x.placed_at AT TIME ZONE 'UTC', 'YYYY-MM'), x.bet_type, f.is_test, abs(hashtext(x.id::text)) % 8,
         sum(f.sign * x.stake_in_usd), sum(f.sign * x.win_in_usd), sum(f.sign)
  FROM bets x CROSS JOIN (VALUES (OLD.is_test, -1), (NEW.is_test, 1)) AS f(is_test, sign)
  WHERE x.player_id = NEW.id AND x.status <> 'CANCELED'
  GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (op_id, month, bet_type, is_test, shard) DO UPDATE
    SET stake_in_usd = b.stake_in_usd + EXCLUDED.stake_in_usd, win_in_usd = b.win_in_usd + EXCLUDED.win_in_usd, bets = b.bets + EXCLUDED.bets;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER bet_month_totals_player AFTER UPDATE OF is_test ON players FOR EACH ROW WHEN (OLD.is_test IS DISTINCT FROM NEW.is_test) EXECUTE FUNCTION bet_month_totals_on_player();
--> statement-breakpoint
INSERT INTO bet_month_totals (op_id, month, bet_type, is_test, shard, stake_in_usd, win_in_usd, bets)
SELECT x.op_id, to_char(x.placed_at AT TIME ZONE 'UTC', 'YYYY-MM'), x.bet_type, coalesce(p.is_test, false), abs(hashtext(x.id::text)) % 8,
       sum(x.stake_in_usd), sum(x.win_in_usd), count(*)
FROM bets x LEFT JOIN players p ON p.id = x.player_id
WHERE x.status <> 'CANCELED'
GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
-- Invoice numbers: one sequence, so concurrent invoices never take the same number.
CREATE SEQUENCE IF NOT EXISTS billing_invoice_no_seq START 1001;
