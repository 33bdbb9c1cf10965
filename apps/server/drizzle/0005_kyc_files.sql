ALTER TABLE "files" ADD COLUMN "kyc_id" uuid;--> statement-breakpoint
CREATE INDEX "files_kyc_idx" ON "files" USING btree ("kyc_id");--> statement-breakpoint
-- Files uploaded before: linked to the document whose data names them.
UPDATE "files" AS f SET "kyc_id" = k."id" FROM "kyc_records" AS k, jsonb_each_text(k."data") AS d WHERE d.value = '/api/files/' || f."id"::text AND f."kyc_id" IS NULL;
