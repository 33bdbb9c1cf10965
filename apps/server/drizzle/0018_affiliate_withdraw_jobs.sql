CREATE TABLE "affiliate_withdraw_job_payments" (
	"job_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"tx_id" uuid NOT NULL,
	"amount_usd" numeric(30, 8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_withdraw_job_payments_job_id_player_id_pk" PRIMARY KEY("job_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "affiliate_withdraw_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"op_id" text NOT NULL,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"started_by" text NOT NULL,
	"started_by_id" uuid,
	"total_players" integer DEFAULT 0 NOT NULL,
	"paid_players" integer DEFAULT 0 NOT NULL,
	"total_usd" numeric(30, 8) DEFAULT '0' NOT NULL,
	"paid_usd" numeric(30, 8) DEFAULT '0' NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"cancelled_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_withdraw_job_payments_tx_uq" ON "affiliate_withdraw_job_payments" USING btree ("tx_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_withdraw_jobs_running_uq" ON "affiliate_withdraw_jobs" USING btree ("op_id") WHERE status = 'RUNNING';--> statement-breakpoint
CREATE INDEX "affiliate_withdraw_jobs_op_idx" ON "affiliate_withdraw_jobs" USING btree ("op_id","started_at");