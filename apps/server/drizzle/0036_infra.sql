CREATE TABLE "afd_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"afd_profile_name" text NOT NULL,
	"resource_group" text NOT NULL,
	"managed_identity_client_id" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"note" text,
	"extra_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"endpoint_name_prefix" text DEFAULT 'ep' NOT NULL,
	"ppf_route_name_prefix" text DEFAULT 'ppf' NOT NULL,
	"api_route_name_prefix" text DEFAULT 'api' NOT NULL,
	"bo_route_name_prefix" text DEFAULT 'bo' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "afd_profiles_afd_profile_name_unique" UNIQUE("afd_profile_name")
);
--> statement-breakpoint
CREATE TABLE "cf_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"op_id" text NOT NULL,
	"cf_account_code" text NOT NULL,
	"cf_account_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"note" text,
	"api_token" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cf_accounts_cf_account_code_unique" UNIQUE("cf_account_code")
);
--> statement-breakpoint
CREATE TABLE "domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"domain_name" text NOT NULL,
	"op_id" text NOT NULL,
	"cf_account_code" text NOT NULL,
	"cf_account_id" text NOT NULL,
	"cf_zone_id" text,
	"cf_zone_status" text,
	"cf_zone_ssl_mode" text,
	"cf_zone_name_servers" text[] DEFAULT '{}'::text[] NOT NULL,
	"cf_dns_configured" boolean DEFAULT false NOT NULL,
	"cf_rules_configured" boolean DEFAULT false NOT NULL,
	"cf_dns_records" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"afd_profile_name" text,
	"afd_endpoint_name" text,
	"afd_route_name" text,
	"afd_custom_domain_id" text,
	"afd_provision_status" text,
	"afd_validation_status" text,
	"afd_validation_token" text,
	"afd_routes_associated" boolean DEFAULT false NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"is_b2c_pff" boolean DEFAULT true NOT NULL,
	"is_backoffice" boolean DEFAULT false NOT NULL,
	"is_brand" boolean DEFAULT false NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	"default_lang" text DEFAULT 'en' NOT NULL,
	"automation_status" text DEFAULT 'NONE' NOT NULL,
	"automation_step" text,
	"automation_error" text,
	"synced_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domains_domain_name_unique" UNIQUE("domain_name")
);
--> statement-breakpoint
CREATE TABLE "infra_sim_objects" (
	"service" text NOT NULL,
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"parent_id" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "infra_sim_objects_service_kind_id_pk" PRIMARY KEY("service","kind","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "afd_profiles_default_uq" ON "afd_profiles" USING btree ("is_default") WHERE "afd_profiles"."is_default";--> statement-breakpoint
CREATE INDEX "cf_accounts_created_idx" ON "cf_accounts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "cf_accounts_op_idx" ON "cf_accounts" USING btree ("op_id");--> statement-breakpoint
CREATE INDEX "domains_name_idx" ON "domains" USING btree ("domain_name","id");--> statement-breakpoint
CREATE INDEX "domains_op_idx" ON "domains" USING btree ("op_id","domain_name");--> statement-breakpoint
CREATE INDEX "domains_account_idx" ON "domains" USING btree ("cf_account_code");--> statement-breakpoint
CREATE UNIQUE INDEX "domains_primary_uq" ON "domains" USING btree ("op_id") WHERE "domains"."is_primary";--> statement-breakpoint
CREATE INDEX "infra_sim_parent_idx" ON "infra_sim_objects" USING btree ("service","kind","parent_id");