CREATE TABLE "game_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"op_id" text DEFAULT '*' NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"content_base64" text NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_jurisdictions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"op_id" text DEFAULT '*' NOT NULL,
	"code" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_original_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"op_id" text DEFAULT '*' NOT NULL,
	"slug" text NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"display_name" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"op_id" text DEFAULT '*' NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"aggregator" text NOT NULL,
	"aggregator_game_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"provider" text NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"sub_categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"jurisdictions" text[] DEFAULT '{}'::text[] NOT NULL,
	"tag" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"order" integer DEFAULT 1 NOT NULL,
	"rtp" numeric(5, 2),
	"display_rtp" numeric(5, 2),
	"restricted_countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"has_demo" boolean DEFAULT false NOT NULL,
	"has_chat" boolean DEFAULT false NOT NULL,
	"is_branded" boolean DEFAULT false NOT NULL,
	"image_id" uuid,
	"cover_photo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_games" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"op_id" text NOT NULL,
	"game_id" uuid NOT NULL,
	"status" text DEFAULT 'DISABLED' NOT NULL,
	"order" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_images" ADD CONSTRAINT "game_images_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_games" ADD CONSTRAINT "operator_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_categories_op_slug_uq" ON "game_categories" USING btree ("op_id","slug");--> statement-breakpoint
CREATE INDEX "game_categories_slug_idx" ON "game_categories" USING btree ("slug","id");--> statement-breakpoint
CREATE INDEX "game_images_game_idx" ON "game_images" USING btree ("game_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "game_jurisdictions_op_code_uq" ON "game_jurisdictions" USING btree ("op_id","code");--> statement-breakpoint
CREATE INDEX "game_jurisdictions_code_idx" ON "game_jurisdictions" USING btree ("code","id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_original_providers_op_slug_uq" ON "game_original_providers" USING btree ("op_id","slug");--> statement-breakpoint
CREATE INDEX "game_original_providers_slug_idx" ON "game_original_providers" USING btree ("slug","id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_tags_op_slug_uq" ON "game_tags" USING btree ("op_id","slug");--> statement-breakpoint
CREATE INDEX "game_tags_slug_idx" ON "game_tags" USING btree ("slug","id");--> statement-breakpoint
CREATE UNIQUE INDEX "games_aggregator_game_uq" ON "games" USING btree ("aggregator","aggregator_game_id");--> statement-breakpoint
CREATE INDEX "games_title_idx" ON "games" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "games_order_idx" ON "games" USING btree ("order","id");--> statement-breakpoint
CREATE INDEX "games_created_idx" ON "games" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "games_aggregator_provider_idx" ON "games" USING btree ("aggregator","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_games_op_game_uq" ON "operator_games" USING btree ("op_id","game_id");--> statement-breakpoint
CREATE INDEX "operator_games_op_order_idx" ON "operator_games" USING btree ("op_id","order","id");--> statement-breakpoint
CREATE INDEX "operator_games_game_idx" ON "operator_games" USING btree ("game_id");