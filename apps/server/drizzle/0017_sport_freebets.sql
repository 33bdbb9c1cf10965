CREATE TABLE "sport_freebet_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"op_id" text NOT NULL,
	"player_id" uuid NOT NULL,
	"template_id" integer NOT NULL,
	"template_name" text,
	"bet_count" integer NOT NULL,
	"bet_amount" numeric(30, 8) NOT NULL,
	"currency" text NOT NULL,
	"result" text NOT NULL,
	"error_code" integer,
	"message" text,
	"freebet_id" text,
	"adapter" text NOT NULL,
	"granted_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sportsbook_sim_freebets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" text NOT NULL,
	"template_id" integer NOT NULL,
	"bet_count" integer NOT NULL,
	"bet_amount" numeric(30, 8) NOT NULL,
	"currency" text NOT NULL,
	"activated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sportsbook_sim_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sportsbook_sim_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"op_id" text NOT NULL,
	"sim_key" text NOT NULL,
	"name" text NOT NULL,
	"is_enable" boolean NOT NULL,
	"type" text NOT NULL,
	"stage" integer NOT NULL,
	"from_time" bigint NOT NULL,
	"to_time" bigint NOT NULL,
	"days_to_use" integer NOT NULL,
	"disciplines" jsonb NOT NULL,
	"freebet_data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sport_freebet_grants_player_idx" ON "sport_freebet_grants" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sportsbook_sim_freebets_once" ON "sportsbook_sim_freebets" USING btree ("player_id","template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sportsbook_sim_templates_key" ON "sportsbook_sim_templates" USING btree ("op_id","sim_key");