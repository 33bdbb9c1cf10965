CREATE TABLE "crypto_networks" (
	"network_name" text PRIMARY KEY NOT NULL,
	"explorer_api_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "flow_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flow_id" uuid NOT NULL,
	"op_id" text NOT NULL,
	"event_key" text NOT NULL,
	"event_type" text NOT NULL,
	"player_id" uuid,
	"amount_usd" numeric(30, 8),
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"op_id" text NOT NULL,
	"name" text NOT NULL,
	"trigger" text NOT NULL,
	"min_amount_usd" numeric(30, 8),
	"real_players_only" boolean DEFAULT true NOT NULL,
	"action" text NOT NULL,
	"tag" text,
	"message" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"active_since" timestamp with time zone DEFAULT now() NOT NULL,
	"evaluated_until" timestamp with time zone DEFAULT now() NOT NULL,
	"runs_count" integer DEFAULT 0 NOT NULL,
	"last_run_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_tags" (
	"player_id" uuid NOT NULL,
	"tag" text NOT NULL,
	"op_id" text NOT NULL,
	"flow_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_tags_player_id_tag_pk" PRIMARY KEY("player_id","tag")
);
--> statement-breakpoint
CREATE TABLE "release_note_reads" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_read_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" text NOT NULL,
	"release_date" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"audience" text[] NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "flow_runs_flow_event_uq" ON "flow_runs" USING btree ("flow_id","event_key");--> statement-breakpoint
CREATE INDEX "flow_runs_flow_created_idx" ON "flow_runs" USING btree ("flow_id","created_at","id");--> statement-breakpoint
CREATE INDEX "flows_op_created_idx" ON "flows" USING btree ("op_id","created_at","id");--> statement-breakpoint
CREATE INDEX "flows_created_idx" ON "flows" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "release_notes_published_idx" ON "release_notes" USING btree ("published_at","id");--> statement-breakpoint
CREATE INDEX "treasury_entries_op_idx" ON "treasury_entries" USING btree ("op_id","id");