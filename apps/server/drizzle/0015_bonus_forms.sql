CREATE TABLE "bonus_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"op_id" text NOT NULL,
	"title" text NOT NULL,
	"prize_type" text NOT NULL,
	"default_amount_in_usd" numeric(30, 8) NOT NULL,
	"max_amount_in_usd" numeric(30, 8) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text
);
--> statement-breakpoint
CREATE TABLE "bonus_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bonus_id" uuid NOT NULL,
	"op_id" text NOT NULL,
	"player_id" uuid NOT NULL,
	"prize_type" text NOT NULL,
	"amount_in_usd" numeric(30, 8) NOT NULL,
	"note" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"approved_amount_in_usd" numeric(30, 8),
	"approve_note" text,
	"note_for_player" text,
	"wallet_type" text,
	"credited_amount" numeric(30, 8),
	"credited_currency" text,
	"tx_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"sort_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bonus_forms_op_created_idx" ON "bonus_forms" USING btree ("op_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bonus_forms_created_idx" ON "bonus_forms" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "bonus_requests_pending_op_idx" ON "bonus_requests" USING btree ("op_id","created_at","id") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "bonus_requests_pending_idx" ON "bonus_requests" USING btree ("created_at","id") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "bonus_requests_decided_op_idx" ON "bonus_requests" USING btree ("op_id","sort_at","id") WHERE status <> 'PENDING';--> statement-breakpoint
CREATE INDEX "bonus_requests_decided_idx" ON "bonus_requests" USING btree ("sort_at","id") WHERE status <> 'PENDING';--> statement-breakpoint
CREATE INDEX "bonus_requests_player_idx" ON "bonus_requests" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "bonus_requests_bonus_idx" ON "bonus_requests" USING btree ("bonus_id");