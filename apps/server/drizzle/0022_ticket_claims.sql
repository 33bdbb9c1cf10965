-- Ticket claims move onto the shared claim table (kind 'ticket'): the live ones are carried over, then the ticket's own columns go.
INSERT INTO "record_claims" ("kind", "record_id", "op_id", "claimed_by_id", "claimed_by", "claimed_until")
SELECT 'ticket', "id"::text, "op_id", "claimed_by_id", "claimed_by", "claimed_until" FROM "support_tickets"
WHERE "claimed_by_id" IS NOT NULL AND "claimed_by" IS NOT NULL AND "claimed_until" IS NOT NULL AND "claimed_until" > now()
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "support_tickets" DROP COLUMN "claimed_by_id";--> statement-breakpoint
ALTER TABLE "support_tickets" DROP COLUMN "claimed_by";--> statement-breakpoint
ALTER TABLE "support_tickets" DROP COLUMN "claimed_until";
