-- A brand is a draft until an administrator publishes it after the publish checklist (docs/brands.md):
-- a draft's hosts serve neither the site nor the API. Every brand that exists already is live, so it is
-- published from the moment this migration runs.
ALTER TABLE "brands" ADD COLUMN "status" varchar(16) DEFAULT 'published' NOT NULL;
--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "published_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "brands" SET "published_at" = "created_at" WHERE "status" = 'published';
--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_status_check" CHECK ("status" IN ('draft', 'published'));
