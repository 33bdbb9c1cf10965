CREATE TABLE "tx_totals" (
	"op_id" text NOT NULL,
	"transaction_type" text NOT NULL,
	"transaction_sub_type" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"is_test" boolean NOT NULL,
	"shard" integer NOT NULL,
	"count" bigint NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"amount_in_usd" numeric(38, 8) NOT NULL,
	CONSTRAINT "tx_totals_op_id_transaction_type_transaction_sub_type_status_currency_is_test_shard_pk" PRIMARY KEY("op_id","transaction_type","transaction_sub_type","status","currency","is_test","shard")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tx_totals_apply(r transactions, sign integer, test boolean) RETURNS void AS $$
BEGIN
  IF r.is_deleted THEN RETURN; END IF;
  INSERT INTO tx_totals AS t (op_id, transaction_type, transaction_sub_type, status, currency, is_test, shard, count, amount, amount_in_usd)
  VALUES (r.op_id, r.transaction_type, coalesce(r.transaction_sub_type, ''), r.status, r.to_currency,
          test, abs(hashtext(r.tx_id::text)) % 8, sign, sign * r.to_amount, sign * r.to_amount_in_usd)
  ON CONFLICT (op_id, transaction_type, transaction_sub_type, status, currency, is_test, shard) DO UPDATE
    SET count = t.count + excluded.count, amount = t.amount + excluded.amount, amount_in_usd = t.amount_in_usd + excluded.amount_in_usd;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tx_totals_on_tx() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.is_deleted = NEW.is_deleted AND OLD.to_amount = NEW.to_amount
     AND OLD.to_amount_in_usd = NEW.to_amount_in_usd AND OLD.op_id = NEW.op_id
     AND OLD.transaction_type = NEW.transaction_type AND OLD.transaction_sub_type IS NOT DISTINCT FROM NEW.transaction_sub_type
     AND OLD.to_currency = NEW.to_currency AND OLD.player_id = NEW.player_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM tx_totals_apply(OLD, -1, coalesce((SELECT p.is_test FROM players p WHERE p.id = OLD.player_id), false));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM tx_totals_apply(NEW, 1, coalesce((SELECT p.is_test FROM players p WHERE p.id = NEW.player_id), false));
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Deferred to COMMIT: the roll-up rows are locked last, after the wallets and the transaction
-- row, so a roll-up upsert never waits inside a money movement's lock order (no deadlocks).
CREATE CONSTRAINT TRIGGER tx_totals_tx AFTER INSERT OR UPDATE OR DELETE ON transactions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION tx_totals_on_tx();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tx_totals_on_player() RETURNS trigger AS $$
DECLARE r transactions;
BEGIN
  IF OLD.is_test = NEW.is_test THEN RETURN NULL; END IF;
  FOR r IN SELECT * FROM transactions WHERE player_id = NEW.id LOOP
    PERFORM tx_totals_apply(r, -1, OLD.is_test);
    PERFORM tx_totals_apply(r, 1, NEW.is_test);
  END LOOP;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER tx_totals_player AFTER UPDATE OF is_test ON players DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION tx_totals_on_player();
--> statement-breakpoint
INSERT INTO tx_totals (op_id, transaction_type, transaction_sub_type, status, currency, is_test, shard, count, amount, amount_in_usd)
SELECT t.op_id, t.transaction_type, coalesce(t.transaction_sub_type, ''), t.status, t.to_currency,
       coalesce(p.is_test, false), abs(hashtext(t.tx_id::text)) % 8, count(*), sum(t.to_amount), sum(t.to_amount_in_usd)
FROM transactions t LEFT JOIN players p ON p.id = t.player_id
WHERE NOT t.is_deleted
GROUP BY 1, 2, 3, 4, 5, 6, 7;
