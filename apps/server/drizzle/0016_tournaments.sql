CREATE TABLE "tournament_entries" (
	"tournament_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"score" numeric(30, 8) DEFAULT '0' NOT NULL,
	"bets_count" integer DEFAULT 0 NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_entries_tournament_id_player_id_pk" PRIMARY KEY("tournament_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "tournament_winners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"op_id" text NOT NULL,
	"rank" integer NOT NULL,
	"player_id" uuid NOT NULL,
	"score" numeric(30, 8) NOT NULL,
	"prize_usd" numeric(30, 8) NOT NULL,
	"prize_amount" numeric(30, 8) NOT NULL,
	"currency" text NOT NULL,
	"rate_to_usd" numeric(30, 12) NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"note" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"tx_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"op_id" text NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"scoring" text NOT NULL,
	"providers" text[] DEFAULT '{}'::text[] NOT NULL,
	"games" text[] DEFAULT '{}'::text[] NOT NULL,
	"prizes" jsonb NOT NULL,
	"prize_pool_usd" numeric(30, 8) NOT NULL,
	"finalized_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD CONSTRAINT "tournament_entries_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_winners" ADD CONSTRAINT "tournament_winners_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tournament_entries_rank_idx" ON "tournament_entries" USING btree ("tournament_id","score" DESC NULLS LAST,"reached_at","player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_winners_rank_uq" ON "tournament_winners" USING btree ("tournament_id","rank");--> statement-breakpoint
CREATE INDEX "tournament_winners_op_created_idx" ON "tournament_winners" USING btree ("op_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tournament_winners_created_idx" ON "tournament_winners" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tournaments_op_ends_idx" ON "tournaments" USING btree ("op_id","ends_at","id");--> statement-breakpoint
CREATE INDEX "tournaments_ends_idx" ON "tournaments" USING btree ("ends_at","id");--> statement-breakpoint
CREATE INDEX "tournaments_open_idx" ON "tournaments" USING btree ("op_id","ends_at") WHERE finalized_at is null;--> statement-breakpoint
-- The leaderboard follows the bets: a bet counts for every unfinished tournament of its operator
-- (or of its operator's parent) whose period holds its placement and whose providers or games
-- hold its provider or game. A canceled bet does not count.
CREATE OR REPLACE FUNCTION tournament_bet_multiplier(r bets) RETURNS numeric AS $$
  SELECT CASE WHEN r.stake > 0 THEN round(r.win / r.stake, 8) ELSE 0 END
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tournament_bet_apply(r bets, sign integer) RETURNS void AS $$
DECLARE
  t record;
  mult numeric := tournament_bet_multiplier(r);
  best numeric;
BEGIN
  IF r.status = 'CANCELED' THEN RETURN; END IF;
  FOR t IN
    SELECT x.id, x.scoring, x.starts_at, x.ends_at, x.providers, x.games FROM tournaments x
    WHERE x.finalized_at IS NULL
      AND x.op_id IN (r.op_id, (SELECT o.parent_op_id FROM operators o WHERE o.op_id = r.op_id))
      AND r.placed_at >= x.starts_at AND r.placed_at < x.ends_at
      AND (r.provider = ANY (x.providers) OR r.game_title = ANY (x.games))
  LOOP
    IF sign > 0 THEN
      IF t.scoring = 'TOTAL_WAGER' THEN
        INSERT INTO tournament_entries AS e (tournament_id, player_id, score, bets_count, reached_at)
        VALUES (t.id, r.player_id, r.stake_in_usd, 1, r.placed_at)
        ON CONFLICT (tournament_id, player_id) DO UPDATE
          SET score = e.score + excluded.score, bets_count = e.bets_count + 1, reached_at = greatest(e.reached_at, excluded.reached_at);
      ELSE
        INSERT INTO tournament_entries AS e (tournament_id, player_id, score, bets_count, reached_at)
        VALUES (t.id, r.player_id, mult, 1, coalesce(r.settled_at, r.placed_at))
        ON CONFLICT (tournament_id, player_id) DO UPDATE
          SET score = greatest(e.score, excluded.score), bets_count = e.bets_count + 1,
              reached_at = CASE WHEN excluded.score > e.score THEN excluded.reached_at ELSE e.reached_at END;
      END IF;
    ELSE
      IF t.scoring = 'TOTAL_WAGER' THEN
        UPDATE tournament_entries SET score = score - r.stake_in_usd, bets_count = bets_count - 1
          WHERE tournament_id = t.id AND player_id = r.player_id;
      ELSE
        -- The best may have gone: the player's best of what the bets hold now (their bets of the period, by index).
        SELECT coalesce(max(tournament_bet_multiplier(b)), 0) INTO best FROM bets b
          WHERE b.player_id = r.player_id AND b.placed_at >= t.starts_at AND b.placed_at < t.ends_at AND b.status <> 'CANCELED'
            AND (b.provider = ANY (t.providers) OR b.game_title = ANY (t.games));
        UPDATE tournament_entries SET bets_count = bets_count - 1, score = CASE WHEN mult >= score THEN best ELSE score END
          WHERE tournament_id = t.id AND player_id = r.player_id;
      END IF;
      DELETE FROM tournament_entries WHERE tournament_id = t.id AND player_id = r.player_id AND bets_count <= 0;
    END IF;
  END LOOP;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tournament_on_bet() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.stake = NEW.stake AND OLD.win = NEW.win AND OLD.stake_in_usd = NEW.stake_in_usd
     AND OLD.op_id = NEW.op_id AND OLD.player_id = NEW.player_id AND OLD.placed_at = NEW.placed_at
     AND OLD.provider IS NOT DISTINCT FROM NEW.provider AND OLD.game_title IS NOT DISTINCT FROM NEW.game_title THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM tournament_bet_apply(OLD, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM tournament_bet_apply(NEW, 1); END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER tournament_bet AFTER INSERT OR UPDATE OR DELETE ON bets FOR EACH ROW EXECUTE FUNCTION tournament_on_bet();
--> statement-breakpoint
-- A tournament created with a start in the past: its leaderboard from the bets already written (once, at creation).
CREATE OR REPLACE FUNCTION tournament_rebuild(tid uuid) RETURNS void AS $$
  DELETE FROM tournament_entries WHERE tournament_id = tid;
  INSERT INTO tournament_entries (tournament_id, player_id, score, bets_count, reached_at)
  SELECT t.id, b.player_id,
    CASE WHEN t.scoring = 'TOTAL_WAGER' THEN sum(b.stake_in_usd) ELSE max(tournament_bet_multiplier(b)) END,
    count(*)::int,
    CASE WHEN t.scoring = 'TOTAL_WAGER' THEN max(b.placed_at)
      ELSE (array_agg(coalesce(b.settled_at, b.placed_at) ORDER BY tournament_bet_multiplier(b) DESC, coalesce(b.settled_at, b.placed_at)))[1] END
  FROM tournaments t
  JOIN bets b ON b.op_id IN (SELECT o.op_id FROM operators o WHERE o.op_id = t.op_id OR o.parent_op_id = t.op_id)
    AND b.placed_at >= t.starts_at AND b.placed_at < t.ends_at AND b.status <> 'CANCELED'
    AND (b.provider = ANY (t.providers) OR b.game_title = ANY (t.games))
  WHERE t.id = tid
  GROUP BY t.id, t.scoring, b.player_id;
$$ LANGUAGE sql;
