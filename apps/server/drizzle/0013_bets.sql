CREATE TABLE "bet_ggr_daily" (
	"op_id" text NOT NULL,
	"day" text NOT NULL,
	"bet_type" text NOT NULL,
	"currency" text NOT NULL,
	"count" bigint NOT NULL,
	"stakes" numeric(38, 8) NOT NULL,
	"wins" numeric(38, 8) NOT NULL,
	"stakes_in_usd" numeric(38, 8) NOT NULL,
	"wins_in_usd" numeric(38, 8) NOT NULL,
	CONSTRAINT "bet_ggr_daily_op_id_day_bet_type_currency_pk" PRIMARY KEY("op_id","day","bet_type","currency")
);
--> statement-breakpoint
CREATE TABLE "bets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bet_id" text NOT NULL,
	"op_id" text NOT NULL,
	"player_id" uuid NOT NULL,
	"bet_type" text NOT NULL,
	"game_title" text,
	"provider" text,
	"is_single" boolean DEFAULT true NOT NULL,
	"event" text,
	"tournament" text,
	"sport_type" text,
	"selections" jsonb,
	"stake" numeric(30, 8) NOT NULL,
	"win" numeric(30, 8) DEFAULT '0' NOT NULL,
	"currency" text NOT NULL,
	"rate_to_usd" numeric(30, 12) NOT NULL,
	"stake_in_usd" numeric(30, 8) NOT NULL,
	"win_in_usd" numeric(30, 8) DEFAULT '0' NOT NULL,
	"status" text NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"settled_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bets_bet_id_uq" ON "bets" USING btree ("bet_id");--> statement-breakpoint
CREATE INDEX "bets_op_placed_idx" ON "bets" USING btree ("op_id","placed_at","id");--> statement-breakpoint
CREATE INDEX "bets_placed_idx" ON "bets" USING btree ("placed_at","id");--> statement-breakpoint
CREATE INDEX "bets_player_placed_idx" ON "bets" USING btree ("player_id","placed_at","id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION bet_ggr_apply(r bets, sign integer) RETURNS void AS $$
BEGIN
  IF r.status = 'CANCELED' THEN RETURN; END IF;
  INSERT INTO bet_ggr_daily AS g (op_id, day, bet_type, currency, count, stakes, wins, stakes_in_usd, wins_in_usd)
  VALUES (r.op_id, to_char(r.placed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), r.bet_type, r.currency,
          sign, sign * r.stake, sign * r.win, sign * r.stake_in_usd, sign * r.win_in_usd)
  ON CONFLICT (op_id, day, bet_type, currency) DO UPDATE
    SET count = g.count + excluded.count, stakes = g.stakes + excluded.stakes, wins = g.wins + excluded.wins,
        stakes_in_usd = g.stakes_in_usd + excluded.stakes_in_usd, wins_in_usd = g.wins_in_usd + excluded.wins_in_usd;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bet_ggr_on_bet() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.stake = NEW.stake AND OLD.win = NEW.win AND OLD.stake_in_usd = NEW.stake_in_usd
     AND OLD.win_in_usd = NEW.win_in_usd AND OLD.op_id = NEW.op_id AND OLD.bet_type = NEW.bet_type AND OLD.currency = NEW.currency
     AND OLD.placed_at = NEW.placed_at THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM bet_ggr_apply(OLD, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM bet_ggr_apply(NEW, 1); END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Deferred to COMMIT like tx_totals: the roll-up row is locked last, after the wallet and the bet.
CREATE CONSTRAINT TRIGGER bet_ggr_bet AFTER INSERT OR UPDATE OR DELETE ON bets DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bet_ggr_on_bet();
