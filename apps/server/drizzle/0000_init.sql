CREATE TABLE "activities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"actor_role" text,
	"op_id" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"op_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"bank_name" text,
	"name_on_card" text,
	"card_number" text,
	"iban" text,
	"account_number" text,
	"approved_by" text,
	"rejected_by" text,
	"confirmed_at" timestamp with time zone,
	"note_for_the_player" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banks" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"op_id" text NOT NULL,
	"key" text NOT NULL,
	"bank_name" jsonb NOT NULL,
	"order" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currency_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"rate_to_usd" numeric(30, 12) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"op_id" text,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"content_base64" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "kyc_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"op_id" text NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"option_type" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"note_for_player" text,
	"approved_at" timestamp with time zone,
	"approved_by" text,
	"rejected_at" timestamp with time zone,
	"rejected_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"wallet_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"op_id" text NOT NULL,
	"amount" numeric(30, 8) NOT NULL,
	"balance_after" numeric(30, 8) NOT NULL,
	"currency" text NOT NULL,
	"rate_to_usd" numeric(30, 12) NOT NULL,
	"reason" text NOT NULL,
	"ref_type" text,
	"ref_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"ip" text,
	"success" boolean NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"op_id" text DEFAULT '*' NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"level" text DEFAULT 'info' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"op_id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"parent_op_id" text,
	"kind" text DEFAULT 'OPERATOR' NOT NULL,
	"is_cms_default" boolean DEFAULT false NOT NULL,
	"allowed_currencies" text[] DEFAULT '{USD}'::text[] NOT NULL,
	"allowed_langs" text[] DEFAULT '{en}'::text[] NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"daily_topup_limit_in_usd" numeric(30, 8) DEFAULT '10000' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_gateways" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"op_id" text NOT NULL,
	"direction" text NOT NULL,
	"provider" text NOT NULL,
	"title" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"currencies" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_amount" numeric(30, 8) DEFAULT '0' NOT NULL,
	"max_amount" numeric(30, 8) DEFAULT '100000' NOT NULL,
	"fee_percentage" numeric(8, 4) DEFAULT '0' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"order" integer DEFAULT 1 NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_code" text NOT NULL,
	"op_id" text NOT NULL,
	"username" text,
	"email" text,
	"first_name" text,
	"last_name" text,
	"active_currency" text DEFAULT 'USD' NOT NULL,
	"aff_id" text,
	"ref_id" text,
	"channel_id" text,
	"sub_channel_id" text,
	"is_test" boolean DEFAULT false NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"chat_is_blocked" boolean DEFAULT false NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"two_factor_enabled" boolean DEFAULT false NOT NULL,
	"total_bet_count" integer DEFAULT 0 NOT NULL,
	"total_deposit_count" integer DEFAULT 0 NOT NULL,
	"total_withdraw_count" integer DEFAULT 0 NOT NULL,
	"total_top_up_increase_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "provider_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tx_id" uuid,
	"provider" text NOT NULL,
	"action" text NOT NULL,
	"request" jsonb,
	"response" jsonb,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"base_role" text NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_templates_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "tooltips" (
	"key" text NOT NULL,
	"op_id" text DEFAULT '*' NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "tooltips_key_op_id_pk" PRIMARY KEY("key","op_id")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"tx_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"op_id" text NOT NULL,
	"player_id" uuid NOT NULL,
	"transaction_type" text NOT NULL,
	"transaction_sub_type" text,
	"status" text NOT NULL,
	"wallet_type" text DEFAULT 'MAIN' NOT NULL,
	"from_amount" numeric(30, 8) NOT NULL,
	"from_currency" text NOT NULL,
	"from_amount_in_usd" numeric(30, 8) NOT NULL,
	"to_amount" numeric(30, 8) NOT NULL,
	"to_currency" text NOT NULL,
	"to_amount_in_usd" numeric(30, 8) NOT NULL,
	"rate_to_usd" numeric(30, 12) NOT NULL,
	"balance_before" numeric(30, 8),
	"balance_after" numeric(30, 8),
	"gateway" text,
	"is_ftd" boolean DEFAULT false NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"note" text,
	"reason" text,
	"gateway_uuid" uuid,
	"provider" text,
	"external_ref" text,
	"counts_toward_daily_limit" boolean DEFAULT true NOT NULL,
	"player_note" text,
	"reject_reason" text,
	"destination" jsonb,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" text,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" text,
	"rejected_at" timestamp with time zone,
	"rejected_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treasuries" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"op_id" text NOT NULL,
	"provider" text NOT NULL,
	"title" text NOT NULL,
	"currency" text NOT NULL,
	"balance" numeric(30, 8) DEFAULT '0' NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treasury_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tx_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"treasury_uuid" uuid NOT NULL,
	"op_id" text NOT NULL,
	"transaction_type" text NOT NULL,
	"transaction_sub_type" text,
	"status" text NOT NULL,
	"amount" numeric(30, 8) NOT NULL,
	"fee" numeric(30, 8) DEFAULT '0' NOT NULL,
	"currency" text NOT NULL,
	"balance_after" numeric(30, 8) NOT NULL,
	"voucher_code" text,
	"voucher_ref_no" text,
	"customer_id" text,
	"created_by" text,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "username_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"op_id" text NOT NULL,
	"username" text NOT NULL,
	"original_username" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"note" text,
	"username_rejection_reason" text,
	"moderated_by" text,
	"moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"nickname" text NOT NULL,
	"role" text NOT NULL,
	"op_id" text,
	"template_id" uuid,
	"extra_permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"revoked_permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"op_id" text NOT NULL,
	"kind" text DEFAULT 'MAIN' NOT NULL,
	"currency" text NOT NULL,
	"balance" numeric(30, 8) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "activities_target_idx" ON "activities" USING btree ("target_type","created_at");--> statement-breakpoint
CREATE INDEX "activities_op_idx" ON "activities" USING btree ("op_id","created_at");--> statement-breakpoint
CREATE INDEX "activities_target_id_idx" ON "activities" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "bank_accounts_status_idx" ON "bank_accounts" USING btree ("status","op_id","created_at");--> statement-breakpoint
CREATE INDEX "bank_accounts_card_idx" ON "bank_accounts" USING btree ("card_number");--> statement-breakpoint
CREATE INDEX "bank_accounts_iban_idx" ON "bank_accounts" USING btree ("iban");--> statement-breakpoint
CREATE INDEX "bank_accounts_player_idx" ON "bank_accounts" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "banks_op_key_uq" ON "banks" USING btree ("op_id","key");--> statement-breakpoint
CREATE INDEX "kyc_status_idx" ON "kyc_records" USING btree ("status","op_id","created_at");--> statement-breakpoint
CREATE INDEX "kyc_player_idx" ON "kyc_records" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "ledger_wallet_idx" ON "ledger_entries" USING btree ("wallet_id","id");--> statement-breakpoint
CREATE INDEX "ledger_op_created_idx" ON "ledger_entries" USING btree ("op_id","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_email_idx" ON "login_attempts" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "operators_parent_idx" ON "operators" USING btree ("parent_op_id");--> statement-breakpoint
CREATE INDEX "gateways_op_dir_idx" ON "payment_gateways" USING btree ("op_id","direction");--> statement-breakpoint
CREATE UNIQUE INDEX "players_code_uq" ON "players" USING btree ("player_code");--> statement-breakpoint
CREATE INDEX "players_op_created_idx" ON "players" USING btree ("op_id","created_at","id");--> statement-breakpoint
CREATE INDEX "players_created_idx" ON "players" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "players_username_idx" ON "players" USING btree ("username");--> statement-breakpoint
CREATE INDEX "provider_calls_tx_idx" ON "provider_calls" USING btree ("tx_id","id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tx_op_created_idx" ON "transactions" USING btree ("op_id","created_at","tx_id");--> statement-breakpoint
CREATE INDEX "tx_created_idx" ON "transactions" USING btree ("created_at","tx_id");--> statement-breakpoint
CREATE INDEX "tx_player_idx" ON "transactions" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "tx_type_status_idx" ON "transactions" USING btree ("transaction_type","status","op_id","created_at");--> statement-breakpoint
CREATE INDEX "treasuries_op_idx" ON "treasuries" USING btree ("op_id");--> statement-breakpoint
CREATE INDEX "treasury_entries_idx" ON "treasury_entries" USING btree ("treasury_uuid","id");--> statement-breakpoint
CREATE UNIQUE INDEX "treasury_voucher_uq" ON "treasury_entries" USING btree ("voucher_code");--> statement-breakpoint
CREATE INDEX "username_requests_status_idx" ON "username_requests" USING btree ("status","op_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_player_kind_cur_uq" ON "wallets" USING btree ("player_id","kind","currency");