CREATE TABLE "affiliate_withdraw_job_failures" (
	"job_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'RETRYING' NOT NULL,
	"last_error" text NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_withdraw_job_failures_job_id_player_id_pk" PRIMARY KEY("job_id","player_id")
);
--> statement-breakpoint
ALTER TABLE "affiliate_withdraw_jobs" ADD COLUMN "failed_players" integer DEFAULT 0 NOT NULL;