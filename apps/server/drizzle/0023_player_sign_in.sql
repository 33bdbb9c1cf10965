ALTER TABLE "players" ADD COLUMN "last_login_ip" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "device_fingerprint" text;--> statement-breakpoint
CREATE INDEX "players_op_login_ip_idx" ON "players" USING btree ("op_id","last_login_ip") WHERE last_login_ip is not null;--> statement-breakpoint
CREATE INDEX "players_op_device_idx" ON "players" USING btree ("op_id","device_fingerprint") WHERE device_fingerprint is not null;