CREATE TABLE "content_page_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"version" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" varchar(400) DEFAULT '' NOT NULL,
	"components" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"content_type" varchar(64) NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"data" "bytea" NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "affiliates" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_pages" ADD COLUMN "head_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "content_pages" ADD COLUMN "published_version" integer;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "handled_by" integer;--> statement-breakpoint
ALTER TABLE "popups" ADD COLUMN "audience" varchar(16) DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "popups" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "popups" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "popups" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "content_page_versions" ADD CONSTRAINT "content_page_versions_page_id_content_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."content_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_page_versions_page_version_uq" ON "content_page_versions" USING btree ("page_id","version");--> statement-breakpoint
CREATE INDEX "media_brand_idx" ON "media" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_created_kind_idx" ON "ledger_entries" USING btree ("created_at","kind");--> statement-breakpoint
CREATE INDEX "positions_opened_idx" ON "positions" USING btree ("opened_at");--> statement-breakpoint
CREATE INDEX "positions_closed_at_idx" ON "positions" USING btree ("closed_at");--> statement-breakpoint
CREATE INDEX "transactions_completed_idx" ON "transactions" USING btree ("completed_at") WHERE "transactions"."status_id" = 2;