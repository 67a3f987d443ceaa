-- A document's details and expiry (docs/compliance.md, "Documents"): number, issuing country and expiry date, who
-- entered them, and the expiry sweep's markers (the client and compliance are told once per document, also with two
-- cluster nodes sweeping). Every upload stays a row of its own; its review history is kept in document_reviews.
ALTER TABLE "documents" ADD COLUMN "document_number" varchar(30);--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "issuing_country" varchar(2);--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "expires_on" date;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "details_by" varchar(8);--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "expiring_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "expired_notified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "documents_expires_on_idx" ON "documents" USING btree ("expires_on") WHERE "expires_on" is not null and "status" = '2';--> statement-breakpoint
CREATE TABLE "document_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"action" varchar(16) NOT NULL,
	"actor" varchar(255) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_reviews_action_check" CHECK ("document_reviews"."action" in ('uploaded', 'approve', 'reject', 'details'))
);
--> statement-breakpoint
ALTER TABLE "document_reviews" ADD CONSTRAINT "document_reviews_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_reviews_document_idx" ON "document_reviews" USING btree ("document_id","id");--> statement-breakpoint
-- the history of the uploads kept before: their upload, and the review they had
INSERT INTO "document_reviews" ("document_id", "action", "actor", "note", "created_at")
  SELECT "id", 'uploaded', 'client', '', "created_at" FROM "documents";--> statement-breakpoint
INSERT INTO "document_reviews" ("document_id", "action", "actor", "note", "created_at")
  SELECT "id", CASE WHEN "status" = '2' THEN 'approve' ELSE 'reject' END, 'staff', "note", "reviewed_at"
  FROM "documents" WHERE "reviewed_at" IS NOT NULL AND "status" IN ('2', '3');
