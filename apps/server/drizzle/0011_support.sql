CREATE TABLE "support_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author_type" text NOT NULL,
	"author_email" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_number" bigserial NOT NULL,
	"op_id" text NOT NULL,
	"player_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"queue_rank" integer DEFAULT 0 NOT NULL,
	"sla_due_at" timestamp with time zone NOT NULL,
	"first_reply_due_at" timestamp with time zone NOT NULL,
	"first_replied_at" timestamp with time zone,
	"next_reply_due_at" timestamp with time zone,
	"claimed_by_id" uuid,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "support_messages_ticket_idx" ON "support_messages" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "support_tickets_number_uq" ON "support_tickets" USING btree ("ticket_number");--> statement-breakpoint
CREATE INDEX "support_tickets_queue_idx" ON "support_tickets" USING btree ("op_id","queue_rank","sla_due_at","id");--> statement-breakpoint
CREATE INDEX "support_tickets_queue_all_idx" ON "support_tickets" USING btree ("queue_rank","sla_due_at","id");--> statement-breakpoint
CREATE INDEX "support_tickets_player_idx" ON "support_tickets" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "support_tickets_open_idx" ON "support_tickets" USING btree ("op_id") WHERE status in ('NEW', 'PENDING');