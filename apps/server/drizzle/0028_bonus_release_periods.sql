DROP INDEX "player_bonus_releases_def_player_uq";--> statement-breakpoint
ALTER TABLE "player_bonus_releases" ADD COLUMN "period_start" timestamp with time zone;--> statement-breakpoint
UPDATE "player_bonus_releases" p SET "period_start" = (date_trunc(CASE d."schedule" WHEN 'DAILY' THEN 'day' WHEN 'WEEKLY' THEN 'week' ELSE 'month' END, p."created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') FROM "bonus_release_definitions" d WHERE d."id" = p."definition_id";--> statement-breakpoint
UPDATE "player_bonus_releases" SET "period_start" = "created_at" WHERE "period_start" IS NULL;--> statement-breakpoint
ALTER TABLE "player_bonus_releases" ALTER COLUMN "period_start" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonus_releases_def_player_period_uq" ON "player_bonus_releases" USING btree ("definition_id","player_id","period_start");
