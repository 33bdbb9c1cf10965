CREATE TABLE "four_eyes_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"record_id" text NOT NULL,
	"op_id" text NOT NULL,
	"player_id" uuid,
	"amount_in_usd" numeric(30, 8) NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'AWAITING_SECOND_APPROVAL' NOT NULL,
	"reason_code" text NOT NULL,
	"reason_note" text,
	"first_by_id" uuid NOT NULL,
	"first_by" text NOT NULL,
	"first_by_name" text NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"second_by" text,
	"decided_at" timestamp with time zone,
	"tx_id" uuid
);
--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "four_eyes_threshold_usd" numeric(30, 8);--> statement-breakpoint
CREATE UNIQUE INDEX "four_eyes_record_uq" ON "four_eyes_approvals" USING btree ("kind","record_id");--> statement-breakpoint
CREATE INDEX "four_eyes_awaiting_idx" ON "four_eyes_approvals" USING btree ("kind","op_id","first_at") WHERE status = 'AWAITING_SECOND_APPROVAL';