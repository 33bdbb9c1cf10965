ALTER TABLE "permissions" ADD COLUMN "required_menu_items" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- The built-in entry of a catalogue made before the column existed: what builtInPermission gives a new one (the brands menu needs brands_access, 000 §6).
UPDATE "permissions" SET "required_menu_items" = ARRAY['/brands'] WHERE "key" = 'brands_access' AND "built_in";
