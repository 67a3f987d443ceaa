-- Sanctions and PEP screening (docs/compliance.md "Screening"): the lists the operator imports (one row per import,
-- with the file's hash and who imported it), the persons of the latest import of each source, and the possible
-- matches compliance reviews. A match keeps a copy of the entry and of the client's data it was raised on, so the
-- queue reads the same after a newer list replaced the entries, and a cleared match is not raised again for the
-- same entry and the same client data.
CREATE TABLE "screening_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" varchar(8) NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"file_hash" varchar(64) NOT NULL,
	"entry_count" integer NOT NULL,
	"imported_by" varchar(64) NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"screened_at" timestamp with time zone,
	CONSTRAINT "screening_lists_source_check" CHECK ("screening_lists"."source" in ('eu', 'un', 'ofac', 'pep'))
);
--> statement-breakpoint
CREATE TABLE "screening_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"source" varchar(8) NOT NULL,
	"ref" varchar(64) NOT NULL,
	"names" jsonb NOT NULL,
	"birth_dates" jsonb NOT NULL,
	"programme" varchar(300) DEFAULT '' NOT NULL,
	"countries" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screening_matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"list_id" integer,
	"source" varchar(8) NOT NULL,
	"entry_ref" varchar(64) NOT NULL,
	"entry" jsonb NOT NULL,
	"matched_name" varchar(300) NOT NULL,
	"score" integer NOT NULL,
	"birth_date_agreement" varchar(8) NOT NULL,
	"client_fingerprint" varchar(300) NOT NULL,
	"client_data" jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" varchar(64),
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screening_matches_status_check" CHECK ("screening_matches"."status" in ('pending', 'cleared', 'confirmed'))
);
--> statement-breakpoint
ALTER TABLE "screening_entries" ADD CONSTRAINT "screening_entries_list_id_screening_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."screening_lists"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "screening_matches" ADD CONSTRAINT "screening_matches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "screening_matches" ADD CONSTRAINT "screening_matches_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "screening_matches" ADD CONSTRAINT "screening_matches_list_id_screening_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."screening_lists"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "screening_entries_list_idx" ON "screening_entries" USING btree ("list_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "screening_matches_seen_uq" ON "screening_matches" USING btree ("user_id","source","entry_ref","client_fingerprint");
--> statement-breakpoint
CREATE INDEX "screening_matches_queue_idx" ON "screening_matches" USING btree ("status","brand_id","id");
--> statement-breakpoint
CREATE INDEX "screening_matches_user_idx" ON "screening_matches" USING btree ("user_id","id");
