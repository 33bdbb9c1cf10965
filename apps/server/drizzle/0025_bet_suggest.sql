CREATE TABLE "bet_games" (
	"op_id" text NOT NULL,
	"game_title" text NOT NULL,
	CONSTRAINT "bet_games_op_id_game_title_pk" PRIMARY KEY("op_id","game_title")
);
--> statement-breakpoint
CREATE INDEX "bets_op_bet_id_idx" ON "bets" USING btree ("op_id","bet_id");--> statement-breakpoint
-- The game titles of each operator's bets, for the game title autocomplete of the bets filters:
-- a bet written (or moved to another game or operator) adds its pair once; nothing is removed
-- (a title whose bets were all deleted still suggests, and filters to no rows).
CREATE OR REPLACE FUNCTION bet_games_on_bet() RETURNS trigger AS $$
BEGIN
  INSERT INTO bet_games (op_id, game_title) VALUES (NEW.op_id, NEW.game_title) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER bet_games_bet AFTER INSERT OR UPDATE OF op_id, game_title ON bets FOR EACH ROW WHEN (NEW.game_title IS NOT NULL) EXECUTE FUNCTION bet_games_on_bet();
--> statement-breakpoint
INSERT INTO bet_games (op_id, game_title) SELECT DISTINCT op_id, game_title FROM bets WHERE game_title IS NOT NULL ON CONFLICT DO NOTHING;
