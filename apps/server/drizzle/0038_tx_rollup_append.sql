-- One writer of a transaction's figures to tx_rollup_deltas: the change trigger, the player
-- trigger and the bench's bulk load each wrote the same fifteen columns with the same rules
-- (the UTC day, '' for no sub-type or acquisition, the player's test flag as it is). They now all
-- call tx_rollup_append with the transaction's row and its player's row (all nulls: no player).
CREATE OR REPLACE FUNCTION tx_rollup_append(delta_sign integer, t transactions, p players) RETURNS void AS $$
BEGIN
  INSERT INTO tx_rollup_deltas (sign, op_id, day, transaction_type, transaction_sub_type, status, currency, amount, amount_in_usd,
                                is_ftd, has_player, is_test, aff_id, channel_id, ref_id)
  VALUES (delta_sign, t.op_id, to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), t.transaction_type, coalesce(t.transaction_sub_type, ''),
          t.status, t.to_currency, t.to_amount, t.to_amount_in_usd, t.is_ftd, p.id IS NOT NULL,
          coalesce(p.is_test, false), coalesce(p.aff_id, ''), coalesce(p.channel_id, ''), coalesce(p.ref_id, ''));
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A change takes away what the old row counted and adds what the new one counts. The player is
-- read once when it is the same for both (and, unlike before, also when only the new row counts:
-- a row brought back from deleted kept no player's flags).
CREATE OR REPLACE FUNCTION tx_rollup_delta() RETURNS trigger AS $$
DECLARE
  pl players; looked boolean := false;
BEGIN
  IF TG_OP <> 'INSERT' AND NOT OLD.is_deleted THEN
    SELECT * INTO pl FROM players WHERE id = OLD.player_id;
    looked := true;
    PERFORM tx_rollup_append(-1, OLD, pl);
  END IF;
  IF TG_OP <> 'DELETE' AND NOT NEW.is_deleted THEN
    IF NOT looked OR NEW.player_id IS DISTINCT FROM OLD.player_id THEN
      SELECT * INTO pl FROM players WHERE id = NEW.player_id;
    END IF;
    PERFORM tx_rollup_append(1, NEW, pl);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A player's test flag or acquisition moves all of its transactions' figures: what they counted as
-- before goes, what they count as now comes.
CREATE OR REPLACE FUNCTION tx_rollup_on_player() RETURNS trigger AS $$
BEGIN
  PERFORM tx_rollup_append(s.sign, t, CASE WHEN s.sign < 0 THEN OLD ELSE NEW END)
  FROM transactions t CROSS JOIN (VALUES (-1), (1)) AS s(sign)
  WHERE t.player_id = NEW.id AND NOT t.is_deleted;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
