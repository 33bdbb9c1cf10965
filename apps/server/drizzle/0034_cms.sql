CREATE TABLE "cms_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"op_id" text NOT NULL,
	"type" text NOT NULL,
	"language" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"seo_title" text DEFAULT '' NOT NULL,
	"seo_description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "cms_media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"op_id" text NOT NULL,
	"file_name" text NOT NULL,
	"extension" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"content_base64" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"op_id" text NOT NULL,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"content" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dictionary_entries" (
	"partition_key" text NOT NULL,
	"row_key" text NOT NULL,
	"texts" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dictionary_entries_partition_key_row_key_pk" PRIMARY KEY("partition_key","row_key")
);
--> statement-breakpoint
CREATE TABLE "staff_notices" (
	"op_id" text PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"level" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cms_documents_op_type_lang_slug_uq" ON "cms_documents" USING btree ("op_id","type","language","slug");--> statement-breakpoint
CREATE INDEX "cms_documents_list_idx" ON "cms_documents" USING btree ("op_id","type","language","updated_at","id");--> statement-breakpoint
CREATE INDEX "cms_media_op_created_idx" ON "cms_media" USING btree ("op_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cms_sections_op_kind_lang_uq" ON "cms_sections" USING btree ("op_id","kind","language");--> statement-breakpoint
CREATE INDEX "staff_notices_updated_idx" ON "staff_notices" USING btree ("updated_at","op_id");