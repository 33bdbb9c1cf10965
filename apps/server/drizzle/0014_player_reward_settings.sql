CREATE TABLE "player_reward_settings" (
	"player_id" uuid PRIMARY KEY NOT NULL,
	"op_id" text NOT NULL,
	"affiliates" jsonb,
	"affiliates_updated_at" timestamp with time zone,
	"affiliates_updated_by" text,
	"cashback" jsonb,
	"cashback_updated_at" timestamp with time zone,
	"cashback_updated_by" text
);
--> statement-breakpoint
ALTER TABLE "player_reward_settings" ADD CONSTRAINT "player_reward_settings_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;