CREATE TABLE "report_bet_daily" (
	"op_id" text NOT NULL,
	"day" text NOT NULL,
	"bet_type" text NOT NULL,
	"provider" text NOT NULL,
	"game_title" text NOT NULL,
	"currency" text NOT NULL,
	"is_test" boolean NOT NULL,
	"shard" integer NOT NULL,
	"count" bigint NOT NULL,
	"stake" numeric(38, 8) NOT NULL,
	"win" numeric(38, 8) NOT NULL,
	"stake_in_usd" numeric(38, 8) NOT NULL,
	"win_in_usd" numeric(38, 8) NOT NULL,
	CONSTRAINT "report_bet_daily_op_id_day_bet_type_provider_game_title_currency_is_test_shard_pk" PRIMARY KEY("op_id","day","bet_type","provider","game_title","currency","is_test","shard")
);
--> statement-breakpoint
CREATE TABLE "report_player_daily" (
	"op_id" text NOT NULL,
	"day" text NOT NULL,
	"is_test" boolean NOT NULL,
	"aff_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"ref_id" text NOT NULL,
	"shard" integer NOT NULL,
	"registrations" bigint NOT NULL,
	"ftd_count" bigint NOT NULL,
	"ftd_in_usd" numeric(38, 8) NOT NULL,
	"deposit_count" bigint NOT NULL,
	"deposit_in_usd" numeric(38, 8) NOT NULL,
	"withdraw_count" bigint NOT NULL,
	"withdraw_in_usd" numeric(38, 8) NOT NULL,
	"bet_count" bigint NOT NULL,
	"stake_in_usd" numeric(38, 8) NOT NULL,
	"win_in_usd" numeric(38, 8) NOT NULL,
	CONSTRAINT "report_player_daily_op_id_day_is_test_aff_id_channel_id_ref_id_shard_pk" PRIMARY KEY("op_id","day","is_test","aff_id","channel_id","ref_id","shard")
);
--> statement-breakpoint
CREATE TABLE "report_tx_daily" (
	"op_id" text NOT NULL,
	"day" text NOT NULL,
	"transaction_type" text NOT NULL,
	"transaction_sub_type" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"is_test" boolean NOT NULL,
	"shard" integer NOT NULL,
	"count" bigint NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"amount_in_usd" numeric(38, 8) NOT NULL,
	"ftd_count" bigint NOT NULL,
	"ftd_amount_in_usd" numeric(38, 8) NOT NULL,
	CONSTRAINT "report_tx_daily_op_id_day_transaction_type_transaction_sub_type_status_currency_is_test_shard_pk" PRIMARY KEY("op_id","day","transaction_type","transaction_sub_type","status","currency","is_test","shard")
);
--> statement-breakpoint
CREATE TABLE "risk_card_players" (
	"op_id" text NOT NULL,
	"card_number" text NOT NULL,
	"player_id" uuid NOT NULL,
	"accounts" integer NOT NULL,
	CONSTRAINT "risk_card_players_op_id_card_number_player_id_pk" PRIMARY KEY("op_id","card_number","player_id")
);
--> statement-breakpoint
CREATE TABLE "risk_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"op_id" text NOT NULL,
	"card_number" text NOT NULL,
	"players" integer NOT NULL,
	"accounts" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_bet_daily_day_idx" ON "report_bet_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "report_player_daily_day_idx" ON "report_player_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "report_player_daily_aff_idx" ON "report_player_daily" USING btree ("aff_id","day") WHERE aff_id <> '';--> statement-breakpoint
CREATE INDEX "report_player_daily_ref_idx" ON "report_player_daily" USING btree ("op_id","day") WHERE ref_id <> '';--> statement-breakpoint
CREATE INDEX "report_tx_daily_day_idx" ON "report_tx_daily" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_cards_op_card_uq" ON "risk_cards" USING btree ("op_id","card_number");--> statement-breakpoint
CREATE INDEX "risk_cards_shared_op_idx" ON "risk_cards" USING btree ("op_id","last_at","id") WHERE players > 1;--> statement-breakpoint
CREATE INDEX "risk_cards_shared_idx" ON "risk_cards" USING btree ("last_at","id") WHERE players > 1;--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_tx_apply(r transactions, sign integer, p players) RETURNS void AS $$
DECLARE
  test boolean := coalesce(p.is_test, false);
  d text := to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD');
  ftd boolean := r.is_ftd AND r.transaction_type = 'DEPOSIT' AND r.status = 'CONFIRMED';
  dep boolean := r.transaction_type = 'DEPOSIT' AND r.status = 'CONFIRMED';
  wd boolean := r.transaction_type = 'WITHDRAW' AND r.status = 'CONFIRMED';
BEGIN
  IF r.is_deleted THEN RETURN; END IF;
  INSERT INTO report_tx_daily AS t (op_id, day, transaction_type, transaction_sub_type, status, currency, is_test, shard, count, amount, amount_in_usd, ftd_count, ftd_amount_in_usd)
  VALUES (r.op_id, d, r.transaction_type, coalesce(r.transaction_sub_type, ''), r.status, r.to_currency, test, abs(hashtext(r.tx_id::text)) % 4,
          sign, sign * r.to_amount, sign * r.to_amount_in_usd, CASE WHEN ftd THEN sign ELSE 0 END, CASE WHEN ftd THEN sign * r.to_amount_in_usd ELSE 0 END)
  ON CONFLICT (op_id, day, transaction_type, transaction_sub_type, status, currency, is_test, shard) DO UPDATE
    SET count = t.count + excluded.count, amount = t.amount + excluded.amount, amount_in_usd = t.amount_in_usd + excluded.amount_in_usd,
        ftd_count = t.ftd_count + excluded.ftd_count, ftd_amount_in_usd = t.ftd_amount_in_usd + excluded.ftd_amount_in_usd;
  IF (dep OR wd) AND p.id IS NOT NULL THEN
    INSERT INTO report_player_daily AS q (op_id, day, is_test, aff_id, channel_id, ref_id, shard, registrations, ftd_count, ftd_in_usd,
                                          deposit_count, deposit_in_usd, withdraw_count, withdraw_in_usd, bet_count, stake_in_usd, win_in_usd)
    VALUES (r.op_id, d, test, coalesce(p.aff_id, ''), coalesce(p.channel_id, ''), coalesce(p.ref_id, ''), abs(hashtext(p.id::text)) % 4, 0,
            CASE WHEN ftd THEN sign ELSE 0 END, CASE WHEN ftd THEN sign * r.to_amount_in_usd ELSE 0 END,
            CASE WHEN dep THEN sign ELSE 0 END, CASE WHEN dep THEN sign * r.to_amount_in_usd ELSE 0 END,
            CASE WHEN wd THEN sign ELSE 0 END, CASE WHEN wd THEN sign * r.to_amount_in_usd ELSE 0 END, 0, 0, 0)
    ON CONFLICT (op_id, day, is_test, aff_id, channel_id, ref_id, shard) DO UPDATE
      SET ftd_count = q.ftd_count + excluded.ftd_count, ftd_in_usd = q.ftd_in_usd + excluded.ftd_in_usd,
          deposit_count = q.deposit_count + excluded.deposit_count, deposit_in_usd = q.deposit_in_usd + excluded.deposit_in_usd,
          withdraw_count = q.withdraw_count + excluded.withdraw_count, withdraw_in_usd = q.withdraw_in_usd + excluded.withdraw_in_usd;
  END IF;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_bet_apply(r bets, sign integer, p players) RETURNS void AS $$
DECLARE
  test boolean := coalesce(p.is_test, false);
  d text := to_char(r.placed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD');
BEGIN
  IF r.status = 'CANCELED' THEN RETURN; END IF;
  INSERT INTO report_bet_daily AS b (op_id, day, bet_type, provider, game_title, currency, is_test, shard, count, stake, win, stake_in_usd, win_in_usd)
  VALUES (r.op_id, d, r.bet_type, coalesce(r.provider, ''), coalesce(r.game_title, ''), r.currency, test, abs(hashtext(r.id::text)) % 4,
          sign, sign * r.stake, sign * r.win, sign * r.stake_in_usd, sign * r.win_in_usd)
  ON CONFLICT (op_id, day, bet_type, provider, game_title, currency, is_test, shard) DO UPDATE
    SET count = b.count + excluded.count, stake = b.stake + excluded.stake, win = b.win + excluded.win,
        stake_in_usd = b.stake_in_usd + excluded.stake_in_usd, win_in_usd = b.win_in_usd + excluded.win_in_usd;
  IF p.id IS NOT NULL THEN
    INSERT INTO report_player_daily AS q (op_id, day, is_test, aff_id, channel_id, ref_id, shard, registrations, ftd_count, ftd_in_usd,
                                          deposit_count, deposit_in_usd, withdraw_count, withdraw_in_usd, bet_count, stake_in_usd, win_in_usd)
    VALUES (r.op_id, d, test, coalesce(p.aff_id, ''), coalesce(p.channel_id, ''), coalesce(p.ref_id, ''), abs(hashtext(p.id::text)) % 4,
            0, 0, 0, 0, 0, 0, 0, sign, sign * r.stake_in_usd, sign * r.win_in_usd)
    ON CONFLICT (op_id, day, is_test, aff_id, channel_id, ref_id, shard) DO UPDATE
      SET bet_count = q.bet_count + excluded.bet_count, stake_in_usd = q.stake_in_usd + excluded.stake_in_usd, win_in_usd = q.win_in_usd + excluded.win_in_usd;
  END IF;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_player_reg(p players, sign integer) RETURNS void AS $$
BEGIN
  INSERT INTO report_player_daily AS q (op_id, day, is_test, aff_id, channel_id, ref_id, shard, registrations, ftd_count, ftd_in_usd,
                                        deposit_count, deposit_in_usd, withdraw_count, withdraw_in_usd, bet_count, stake_in_usd, win_in_usd)
  VALUES (p.op_id, to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), p.is_test, coalesce(p.aff_id, ''), coalesce(p.channel_id, ''),
          coalesce(p.ref_id, ''), abs(hashtext(p.id::text)) % 4, sign, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  ON CONFLICT (op_id, day, is_test, aff_id, channel_id, ref_id, shard) DO UPDATE SET registrations = q.registrations + excluded.registrations;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_on_tx() RETURNS trigger AS $$
DECLARE p players;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.is_deleted = NEW.is_deleted AND OLD.to_amount = NEW.to_amount
     AND OLD.to_amount_in_usd = NEW.to_amount_in_usd AND OLD.op_id = NEW.op_id AND OLD.is_ftd = NEW.is_ftd AND OLD.created_at = NEW.created_at
     AND OLD.transaction_type = NEW.transaction_type AND OLD.transaction_sub_type IS NOT DISTINCT FROM NEW.transaction_sub_type
     AND OLD.to_currency = NEW.to_currency AND OLD.player_id = NEW.player_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT * INTO p FROM players WHERE id = OLD.player_id;
    PERFORM report_tx_apply(OLD, -1, p);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    SELECT * INTO p FROM players WHERE id = NEW.player_id;
    PERFORM report_tx_apply(NEW, 1, p);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER report_tx AFTER INSERT OR UPDATE OR DELETE ON transactions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_on_tx();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_on_bet() RETURNS trigger AS $$
DECLARE p players;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.stake = NEW.stake AND OLD.win = NEW.win AND OLD.stake_in_usd = NEW.stake_in_usd
     AND OLD.win_in_usd = NEW.win_in_usd AND OLD.op_id = NEW.op_id AND OLD.bet_type = NEW.bet_type AND OLD.currency = NEW.currency
     AND OLD.placed_at = NEW.placed_at AND OLD.provider IS NOT DISTINCT FROM NEW.provider AND OLD.game_title IS NOT DISTINCT FROM NEW.game_title
     AND OLD.player_id = NEW.player_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT * INTO p FROM players WHERE id = OLD.player_id;
    PERFORM report_bet_apply(OLD, -1, p);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    SELECT * INTO p FROM players WHERE id = NEW.player_id;
    PERFORM report_bet_apply(NEW, 1, p);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER report_bet AFTER INSERT OR UPDATE OR DELETE ON bets DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_on_bet();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_on_player() RETURNS trigger AS $$
DECLARE t transactions; b bets;
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM report_player_reg(NEW, 1); RETURN NULL; END IF;
  IF TG_OP = 'DELETE' THEN PERFORM report_player_reg(OLD, -1); RETURN NULL; END IF;
  IF OLD.is_test = NEW.is_test AND OLD.op_id = NEW.op_id AND OLD.created_at = NEW.created_at AND OLD.aff_id IS NOT DISTINCT FROM NEW.aff_id
     AND OLD.channel_id IS NOT DISTINCT FROM NEW.channel_id AND OLD.ref_id IS NOT DISTINCT FROM NEW.ref_id THEN
    RETURN NULL;
  END IF;
  PERFORM report_player_reg(OLD, -1);
  PERFORM report_player_reg(NEW, 1);
  FOR t IN SELECT * FROM transactions WHERE player_id = NEW.id LOOP
    PERFORM report_tx_apply(t, -1, OLD);
    PERFORM report_tx_apply(t, 1, NEW);
  END LOOP;
  FOR b IN SELECT * FROM bets WHERE player_id = NEW.id LOOP
    PERFORM report_bet_apply(b, -1, OLD);
    PERFORM report_bet_apply(b, 1, NEW);
  END LOOP;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER report_player AFTER INSERT OR UPDATE OR DELETE ON players DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_on_player();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION risk_card_apply(op text, card text, player uuid, sign integer, at timestamptz) RETURNS void AS $$
DECLARE n integer; k text := regexp_replace(coalesce(card, ''), '[^0-9A-Za-z]', '', 'g');
BEGIN
  IF k = '' THEN RETURN; END IF;
  INSERT INTO risk_card_players AS c (op_id, card_number, player_id, accounts) VALUES (op, k, player, sign)
    ON CONFLICT (op_id, card_number, player_id) DO UPDATE SET accounts = c.accounts + excluded.accounts
    RETURNING accounts INTO n;
  INSERT INTO risk_cards AS r (op_id, card_number, players, accounts, last_at)
    VALUES (op, k, CASE WHEN sign = 1 AND n = 1 THEN 1 ELSE 0 END, sign, at)
    ON CONFLICT (op_id, card_number) DO UPDATE
      SET players = r.players + CASE WHEN sign = 1 AND n = 1 THEN 1 WHEN sign = -1 AND n = 0 THEN -1 ELSE 0 END,
          accounts = r.accounts + sign, last_at = greatest(r.last_at, excluded.last_at);
  IF n <= 0 THEN DELETE FROM risk_card_players WHERE op_id = op AND card_number = k AND player_id = player; END IF;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION risk_card_on_account() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.card_number IS NOT DISTINCT FROM NEW.card_number AND OLD.is_deleted = NEW.is_deleted
     AND OLD.player_id = NEW.player_id AND OLD.op_id = NEW.op_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD.is_deleted THEN PERFORM risk_card_apply(OLD.op_id, OLD.card_number, OLD.player_id, -1, OLD.created_at); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NOT NEW.is_deleted THEN PERFORM risk_card_apply(NEW.op_id, NEW.card_number, NEW.player_id, 1, NEW.created_at); END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER risk_card_account AFTER INSERT OR UPDATE OR DELETE ON bank_accounts FOR EACH ROW EXECUTE FUNCTION risk_card_on_account();
--> statement-breakpoint
INSERT INTO report_tx_daily (op_id, day, transaction_type, transaction_sub_type, status, currency, is_test, shard, count, amount, amount_in_usd, ftd_count, ftd_amount_in_usd)
SELECT t.op_id, to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), t.transaction_type, coalesce(t.transaction_sub_type, ''), t.status, t.to_currency,
       coalesce(p.is_test, false), abs(hashtext(t.tx_id::text)) % 4, count(*), sum(t.to_amount), sum(t.to_amount_in_usd),
       count(*) FILTER (WHERE t.is_ftd AND t.transaction_type = 'DEPOSIT' AND t.status = 'CONFIRMED'),
       coalesce(sum(t.to_amount_in_usd) FILTER (WHERE t.is_ftd AND t.transaction_type = 'DEPOSIT' AND t.status = 'CONFIRMED'), 0)
FROM transactions t LEFT JOIN players p ON p.id = t.player_id
WHERE NOT t.is_deleted
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
--> statement-breakpoint
INSERT INTO report_bet_daily (op_id, day, bet_type, provider, game_title, currency, is_test, shard, count, stake, win, stake_in_usd, win_in_usd)
SELECT b.op_id, to_char(b.placed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), b.bet_type, coalesce(b.provider, ''), coalesce(b.game_title, ''), b.currency,
       coalesce(p.is_test, false), abs(hashtext(b.id::text)) % 4, count(*), sum(b.stake), sum(b.win), sum(b.stake_in_usd), sum(b.win_in_usd)
FROM bets b LEFT JOIN players p ON p.id = b.player_id
WHERE b.status <> 'CANCELED'
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
--> statement-breakpoint
INSERT INTO report_player_daily (op_id, day, is_test, aff_id, channel_id, ref_id, shard, registrations, ftd_count, ftd_in_usd,
                                 deposit_count, deposit_in_usd, withdraw_count, withdraw_in_usd, bet_count, stake_in_usd, win_in_usd)
SELECT op_id, day, is_test, aff_id, channel_id, ref_id, shard, sum(reg), sum(ftd), sum(ftd_usd), sum(dep), sum(dep_usd), sum(wd), sum(wd_usd), sum(bc), sum(st), sum(wn)
FROM (
  SELECT p.op_id, to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, p.is_test, coalesce(p.aff_id, '') AS aff_id, coalesce(p.channel_id, '') AS channel_id,
         coalesce(p.ref_id, '') AS ref_id, abs(hashtext(p.id::text)) % 4 AS shard, 1 AS reg, 0 AS ftd, 0::numeric AS ftd_usd, 0 AS dep, 0::numeric AS dep_usd,
         0 AS wd, 0::numeric AS wd_usd, 0 AS bc, 0::numeric AS st, 0::numeric AS wn
  FROM players p
  UNION ALL
  SELECT t.op_id, to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), p.is_test, coalesce(p.aff_id, ''), coalesce(p.channel_id, ''), coalesce(p.ref_id, ''),
         abs(hashtext(p.id::text)) % 4, 0,
         CASE WHEN t.is_ftd AND t.transaction_type = 'DEPOSIT' THEN 1 ELSE 0 END, CASE WHEN t.is_ftd AND t.transaction_type = 'DEPOSIT' THEN t.to_amount_in_usd ELSE 0 END,
         CASE WHEN t.transaction_type = 'DEPOSIT' THEN 1 ELSE 0 END, CASE WHEN t.transaction_type = 'DEPOSIT' THEN t.to_amount_in_usd ELSE 0 END,
         CASE WHEN t.transaction_type = 'WITHDRAW' THEN 1 ELSE 0 END, CASE WHEN t.transaction_type = 'WITHDRAW' THEN t.to_amount_in_usd ELSE 0 END, 0, 0, 0
  FROM transactions t JOIN players p ON p.id = t.player_id
  WHERE NOT t.is_deleted AND t.status = 'CONFIRMED' AND t.transaction_type IN ('DEPOSIT', 'WITHDRAW')
  UNION ALL
  SELECT b.op_id, to_char(b.placed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), p.is_test, coalesce(p.aff_id, ''), coalesce(p.channel_id, ''), coalesce(p.ref_id, ''),
         abs(hashtext(p.id::text)) % 4, 0, 0, 0, 0, 0, 0, 0, 1, b.stake_in_usd, b.win_in_usd
  FROM bets b JOIN players p ON p.id = b.player_id
  WHERE b.status <> 'CANCELED'
) x
GROUP BY 1, 2, 3, 4, 5, 6, 7;
--> statement-breakpoint
INSERT INTO risk_card_players (op_id, card_number, player_id, accounts)
SELECT op_id, regexp_replace(card_number, '[^0-9A-Za-z]', '', 'g'), player_id, count(*)
FROM bank_accounts WHERE NOT is_deleted AND regexp_replace(coalesce(card_number, ''), '[^0-9A-Za-z]', '', 'g') <> ''
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO risk_cards (op_id, card_number, players, accounts, last_at)
SELECT op_id, regexp_replace(card_number, '[^0-9A-Za-z]', '', 'g'), count(DISTINCT player_id), count(*), max(created_at)
FROM bank_accounts WHERE NOT is_deleted AND regexp_replace(coalesce(card_number, ''), '[^0-9A-Za-z]', '', 'g') <> ''
GROUP BY 1, 2;
