CREATE TABLE "tx_rollup_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sign" integer NOT NULL,
	"op_id" text NOT NULL,
	"day" text NOT NULL,
	"transaction_type" text NOT NULL,
	"transaction_sub_type" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(30, 8) NOT NULL,
	"amount_in_usd" numeric(30, 8) NOT NULL,
	"is_ftd" boolean NOT NULL,
	"has_player" boolean NOT NULL,
	"is_test" boolean NOT NULL,
	"aff_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"ref_id" text NOT NULL
);
--> statement-breakpoint
-- The transaction roll-ups (tx_totals, report_tx_daily, report_player_daily's deposits and
-- withdrawals) were upserted by two deferred triggers at every movement's commit: ten statements
-- and five row locks on shared rows per status change, the largest part of an approval. A change
-- now appends what it takes away and what it adds (the player's test flag and acquisition as they
-- are at the change) to tx_rollup_deltas; fold_tx_rollups() moves them into the roll-ups, and the
-- *_now views read a roll-up with the changes not folded yet, so totals stay exact.
CREATE OR REPLACE FUNCTION tx_rollup_delta() RETURNS trigger AS $$
DECLARE
  test boolean; aff text; chan text; ref text; found_player boolean := false;
BEGIN
  IF TG_OP <> 'INSERT' AND NOT OLD.is_deleted THEN
    SELECT true, p.is_test, coalesce(p.aff_id, ''), coalesce(p.channel_id, ''), coalesce(p.ref_id, '')
      INTO found_player, test, aff, chan, ref FROM players p WHERE p.id = OLD.player_id;
    INSERT INTO tx_rollup_deltas (sign, op_id, day, transaction_type, transaction_sub_type, status, currency, amount, amount_in_usd,
                                  is_ftd, has_player, is_test, aff_id, channel_id, ref_id)
    VALUES (-1, OLD.op_id, to_char(OLD.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), OLD.transaction_type, coalesce(OLD.transaction_sub_type, ''),
            OLD.status, OLD.to_currency, OLD.to_amount, OLD.to_amount_in_usd, OLD.is_ftd, coalesce(found_player, false),
            coalesce(test, false), coalesce(aff, ''), coalesce(chan, ''), coalesce(ref, ''));
  END IF;
  IF TG_OP <> 'DELETE' AND NOT NEW.is_deleted THEN
    IF TG_OP = 'INSERT' OR NEW.player_id IS DISTINCT FROM OLD.player_id THEN
      found_player := false; test := NULL; aff := NULL; chan := NULL; ref := NULL;
      SELECT true, p.is_test, coalesce(p.aff_id, ''), coalesce(p.channel_id, ''), coalesce(p.ref_id, '')
        INTO found_player, test, aff, chan, ref FROM players p WHERE p.id = NEW.player_id;
    END IF;
    INSERT INTO tx_rollup_deltas (sign, op_id, day, transaction_type, transaction_sub_type, status, currency, amount, amount_in_usd,
                                  is_ftd, has_player, is_test, aff_id, channel_id, ref_id)
    VALUES (1, NEW.op_id, to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), NEW.transaction_type, coalesce(NEW.transaction_sub_type, ''),
            NEW.status, NEW.to_currency, NEW.to_amount, NEW.to_amount_in_usd, NEW.is_ftd, coalesce(found_player, false),
            coalesce(test, false), coalesce(aff, ''), coalesce(chan, ''), coalesce(ref, ''));
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS tx_totals_tx ON transactions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS report_tx ON transactions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS tx_totals_player ON players;
--> statement-breakpoint
DROP FUNCTION IF EXISTS tx_totals_on_player();
--> statement-breakpoint
DROP FUNCTION IF EXISTS tx_totals_on_tx();
--> statement-breakpoint
DROP FUNCTION IF EXISTS report_on_tx();
--> statement-breakpoint
-- Plain AFTER triggers (an append locks no shared row, so nothing needs deferring to the commit),
-- called only for the changes that move a figure.
CREATE TRIGGER tx_rollup_insert AFTER INSERT ON transactions FOR EACH ROW WHEN (NOT NEW.is_deleted) EXECUTE FUNCTION tx_rollup_delta();
--> statement-breakpoint
CREATE TRIGGER tx_rollup_delete AFTER DELETE ON transactions FOR EACH ROW WHEN (NOT OLD.is_deleted) EXECUTE FUNCTION tx_rollup_delta();
--> statement-breakpoint
CREATE TRIGGER tx_rollup_update AFTER UPDATE ON transactions FOR EACH ROW WHEN (
  OLD.status IS DISTINCT FROM NEW.status OR OLD.is_deleted IS DISTINCT FROM NEW.is_deleted OR OLD.to_amount IS DISTINCT FROM NEW.to_amount
  OR OLD.to_amount_in_usd IS DISTINCT FROM NEW.to_amount_in_usd OR OLD.op_id IS DISTINCT FROM NEW.op_id OR OLD.is_ftd IS DISTINCT FROM NEW.is_ftd
  OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.transaction_type IS DISTINCT FROM NEW.transaction_type
  OR OLD.transaction_sub_type IS DISTINCT FROM NEW.transaction_sub_type OR OLD.to_currency IS DISTINCT FROM NEW.to_currency
  OR OLD.player_id IS DISTINCT FROM NEW.player_id
) EXECUTE FUNCTION tx_rollup_delta();
--> statement-breakpoint
-- A player's test flag or acquisition moves all of its transactions' figures: what they counted as
-- before goes, what they count as now comes (as deltas, like any other change).
CREATE OR REPLACE FUNCTION tx_rollup_on_player() RETURNS trigger AS $$
BEGIN
  INSERT INTO tx_rollup_deltas (sign, op_id, day, transaction_type, transaction_sub_type, status, currency, amount, amount_in_usd,
                                is_ftd, has_player, is_test, aff_id, channel_id, ref_id)
  SELECT s.sign, t.op_id, to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), t.transaction_type, coalesce(t.transaction_sub_type, ''),
         t.status, t.to_currency, t.to_amount, t.to_amount_in_usd, t.is_ftd, true,
         CASE WHEN s.sign < 0 THEN OLD.is_test ELSE NEW.is_test END,
         coalesce(CASE WHEN s.sign < 0 THEN OLD.aff_id ELSE NEW.aff_id END, ''),
         coalesce(CASE WHEN s.sign < 0 THEN OLD.channel_id ELSE NEW.channel_id END, ''),
         coalesce(CASE WHEN s.sign < 0 THEN OLD.ref_id ELSE NEW.ref_id END, '')
  FROM transactions t CROSS JOIN (VALUES (-1), (1)) AS s(sign)
  WHERE t.player_id = NEW.id AND NOT t.is_deleted;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER tx_rollup_player AFTER UPDATE ON players FOR EACH ROW WHEN (
  OLD.is_test IS DISTINCT FROM NEW.is_test OR OLD.aff_id IS DISTINCT FROM NEW.aff_id
  OR OLD.channel_id IS DISTINCT FROM NEW.channel_id OR OLD.ref_id IS DISTINCT FROM NEW.ref_id
) EXECUTE FUNCTION tx_rollup_on_player();
--> statement-breakpoint
-- The players' roll-up trigger keeps registrations and bets; transactions are the deltas' now.
CREATE OR REPLACE FUNCTION report_on_player() RETURNS trigger AS $$
DECLARE b bets;
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM report_player_reg(NEW, 1); RETURN NULL; END IF;
  IF TG_OP = 'DELETE' THEN PERFORM report_player_reg(OLD, -1); RETURN NULL; END IF;
  IF OLD.is_test = NEW.is_test AND OLD.op_id = NEW.op_id AND OLD.created_at = NEW.created_at AND OLD.aff_id IS NOT DISTINCT FROM NEW.aff_id
     AND OLD.channel_id IS NOT DISTINCT FROM NEW.channel_id AND OLD.ref_id IS NOT DISTINCT FROM NEW.ref_id THEN
    RETURN NULL;
  END IF;
  PERFORM report_player_reg(OLD, -1);
  PERFORM report_player_reg(NEW, 1);
  FOR b IN SELECT * FROM bets WHERE player_id = NEW.id LOOP
    PERFORM report_bet_apply(b, -1, OLD);
    PERFORM report_bet_apply(b, 1, NEW);
  END LOOP;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Moves up to max_rows of the oldest changes into the roll-ups, in one transaction with their
-- removal, and answers how many it moved (-1: another fold is running; it will take them). One
-- fold at a time (an advisory lock), so the roll-ups' rows are only ever written by it.
CREATE OR REPLACE FUNCTION fold_tx_rollups(max_rows integer) RETURNS integer AS $$
DECLARE n integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(7301, 1) THEN RETURN -1; END IF;
  WITH d AS (
    DELETE FROM tx_rollup_deltas WHERE id IN (SELECT id FROM tx_rollup_deltas ORDER BY id LIMIT max_rows) RETURNING *
  ), totals AS (
    INSERT INTO tx_totals AS t (op_id, transaction_type, transaction_sub_type, status, currency, is_test, shard, count, amount, amount_in_usd)
    SELECT op_id, transaction_type, transaction_sub_type, status, currency, is_test, 0, sum(sign), sum(sign * amount), sum(sign * amount_in_usd)
    FROM d GROUP BY op_id, transaction_type, transaction_sub_type, status, currency, is_test
    HAVING sum(sign) <> 0 OR sum(sign * amount) <> 0 OR sum(sign * amount_in_usd) <> 0
    ON CONFLICT (op_id, transaction_type, transaction_sub_type, status, currency, is_test, shard) DO UPDATE
      SET count = t.count + excluded.count, amount = t.amount + excluded.amount, amount_in_usd = t.amount_in_usd + excluded.amount_in_usd
  ), daily AS (
    INSERT INTO report_tx_daily AS t (op_id, day, transaction_type, transaction_sub_type, status, currency, is_test, shard, count, amount, amount_in_usd, ftd_count, ftd_amount_in_usd)
    SELECT op_id, day, transaction_type, transaction_sub_type, status, currency, is_test, 0, sum(sign), sum(sign * amount), sum(sign * amount_in_usd),
           sum(CASE WHEN ftd THEN sign ELSE 0 END), sum(CASE WHEN ftd THEN sign * amount_in_usd ELSE 0 END)
    FROM (SELECT *, is_ftd AND transaction_type = 'DEPOSIT' AND status = 'CONFIRMED' AS ftd FROM d) x
    GROUP BY op_id, day, transaction_type, transaction_sub_type, status, currency, is_test
    HAVING sum(sign) <> 0 OR sum(sign * amount) <> 0 OR sum(sign * amount_in_usd) <> 0
    ON CONFLICT (op_id, day, transaction_type, transaction_sub_type, status, currency, is_test, shard) DO UPDATE
      SET count = t.count + excluded.count, amount = t.amount + excluded.amount, amount_in_usd = t.amount_in_usd + excluded.amount_in_usd,
          ftd_count = t.ftd_count + excluded.ftd_count, ftd_amount_in_usd = t.ftd_amount_in_usd + excluded.ftd_amount_in_usd
  ), players_daily AS (
    INSERT INTO report_player_daily AS q (op_id, day, is_test, aff_id, channel_id, ref_id, shard, registrations, ftd_count, ftd_in_usd,
                                          deposit_count, deposit_in_usd, withdraw_count, withdraw_in_usd, bet_count, stake_in_usd, win_in_usd)
    SELECT op_id, day, is_test, aff_id, channel_id, ref_id, 0, 0,
           sum(CASE WHEN ftd THEN sign ELSE 0 END), sum(CASE WHEN ftd THEN sign * amount_in_usd ELSE 0 END),
           sum(CASE WHEN dep THEN sign ELSE 0 END), sum(CASE WHEN dep THEN sign * amount_in_usd ELSE 0 END),
           sum(CASE WHEN dep THEN 0 ELSE sign END), sum(CASE WHEN dep THEN 0 ELSE sign * amount_in_usd END), 0, 0, 0
    FROM (SELECT *, is_ftd AND transaction_type = 'DEPOSIT' AS ftd, transaction_type = 'DEPOSIT' AS dep FROM d
          WHERE has_player AND status = 'CONFIRMED' AND transaction_type IN ('DEPOSIT', 'WITHDRAW')) x
    GROUP BY op_id, day, is_test, aff_id, channel_id, ref_id
    ON CONFLICT (op_id, day, is_test, aff_id, channel_id, ref_id, shard) DO UPDATE
      SET ftd_count = q.ftd_count + excluded.ftd_count, ftd_in_usd = q.ftd_in_usd + excluded.ftd_in_usd,
          deposit_count = q.deposit_count + excluded.deposit_count, deposit_in_usd = q.deposit_in_usd + excluded.deposit_in_usd,
          withdraw_count = q.withdraw_count + excluded.withdraw_count, withdraw_in_usd = q.withdraw_in_usd + excluded.withdraw_in_usd
  )
  SELECT count(*) INTO n FROM d;
  RETURN n;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE VIEW tx_totals_now AS
  SELECT op_id, transaction_type, transaction_sub_type, status, currency, is_test, count, amount, amount_in_usd FROM tx_totals
  UNION ALL
  SELECT op_id, transaction_type, transaction_sub_type, status, currency, is_test, sign::bigint, sign * amount, sign * amount_in_usd FROM tx_rollup_deltas;
--> statement-breakpoint
CREATE VIEW report_tx_daily_now AS
  SELECT op_id, day, transaction_type, transaction_sub_type, status, currency, is_test, count, amount, amount_in_usd, ftd_count, ftd_amount_in_usd FROM report_tx_daily
  UNION ALL
  SELECT op_id, day, transaction_type, transaction_sub_type, status, currency, is_test, sign::bigint, sign * amount, sign * amount_in_usd,
         CASE WHEN is_ftd AND transaction_type = 'DEPOSIT' AND status = 'CONFIRMED' THEN sign ELSE 0 END::bigint,
         CASE WHEN is_ftd AND transaction_type = 'DEPOSIT' AND status = 'CONFIRMED' THEN sign * amount_in_usd ELSE 0 END
  FROM tx_rollup_deltas;
--> statement-breakpoint
CREATE VIEW report_player_daily_now AS
  SELECT op_id, day, is_test, aff_id, channel_id, ref_id, registrations, ftd_count, ftd_in_usd, deposit_count, deposit_in_usd,
         withdraw_count, withdraw_in_usd, bet_count, stake_in_usd, win_in_usd FROM report_player_daily
  UNION ALL
  SELECT op_id, day, is_test, aff_id, channel_id, ref_id, 0::bigint,
         CASE WHEN is_ftd AND transaction_type = 'DEPOSIT' THEN sign ELSE 0 END::bigint,
         CASE WHEN is_ftd AND transaction_type = 'DEPOSIT' THEN sign * amount_in_usd ELSE 0 END,
         CASE WHEN transaction_type = 'DEPOSIT' THEN sign ELSE 0 END::bigint,
         CASE WHEN transaction_type = 'DEPOSIT' THEN sign * amount_in_usd ELSE 0 END,
         CASE WHEN transaction_type = 'WITHDRAW' THEN sign ELSE 0 END::bigint,
         CASE WHEN transaction_type = 'WITHDRAW' THEN sign * amount_in_usd ELSE 0 END,
         0::bigint, 0::numeric, 0::numeric
  FROM tx_rollup_deltas
  WHERE has_player AND status = 'CONFIRMED' AND transaction_type IN ('DEPOSIT', 'WITHDRAW');
