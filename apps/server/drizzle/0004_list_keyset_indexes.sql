DROP INDEX "activities_op_idx";--> statement-breakpoint
DROP INDEX "gateways_op_dir_idx";--> statement-breakpoint
DROP INDEX "treasuries_op_idx";--> statement-breakpoint
CREATE INDEX "activities_op_created_idx" ON "activities" USING btree ("op_id","created_at","id");--> statement-breakpoint
CREATE INDEX "activities_created_idx" ON "activities" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "bank_accounts_op_created_idx" ON "bank_accounts" USING btree ("op_id","created_at","uuid");--> statement-breakpoint
CREATE INDEX "bank_accounts_created_idx" ON "bank_accounts" USING btree ("created_at","uuid");--> statement-breakpoint
CREATE INDEX "banks_op_order_idx" ON "banks" USING btree ("op_id","order","key","uuid");--> statement-breakpoint
CREATE INDEX "kyc_op_created_idx" ON "kyc_records" USING btree ("op_id","created_at","id");--> statement-breakpoint
CREATE INDEX "kyc_created_idx" ON "kyc_records" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "login_attempts_created_idx" ON "login_attempts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "gateways_op_dir_order_idx" ON "payment_gateways" USING btree ("op_id","direction","order","provider","uuid");--> statement-breakpoint
CREATE INDEX "treasuries_op_provider_idx" ON "treasuries" USING btree ("op_id","provider","uuid");--> statement-breakpoint
CREATE INDEX "username_requests_op_created_idx" ON "username_requests" USING btree ("op_id","created_at","id");--> statement-breakpoint
CREATE INDEX "username_requests_created_idx" ON "username_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "wallets_op_kind_updated_idx" ON "wallets" USING btree ("op_id","kind","updated_at","id");--> statement-breakpoint
CREATE INDEX "wallets_kind_updated_idx" ON "wallets" USING btree ("kind","updated_at","id");