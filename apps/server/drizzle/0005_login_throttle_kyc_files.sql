CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"in_flight" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"locks" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "kyc_id" uuid;--> statement-breakpoint
CREATE INDEX "login_throttle_window_idx" ON "login_throttle" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "files_kyc_idx" ON "files" USING btree ("kyc_id");--> statement-breakpoint
CREATE INDEX "login_attempts_known_idx" ON "login_attempts" USING btree ("email","ip") WHERE success;--> statement-breakpoint
-- Files uploaded before: linked to the document whose data names them.
UPDATE "files" AS f SET "kyc_id" = k."id" FROM "kyc_records" AS k, jsonb_each_text(k."data") AS d WHERE d.value = '/api/files/' || f."id"::text AND f."kyc_id" IS NULL;