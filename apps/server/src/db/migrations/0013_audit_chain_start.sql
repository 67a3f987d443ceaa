-- decision 0024: where the audit chain starts, recorded once so that audit:verify can tell a
-- row whose hash was blanked from a row written before the chain. hashed_from: the first row that must
-- carry a hash (earlier rows are from before migration 0006); keyed_from: the first row hashed with
-- AUDIT_KEY (earlier rows keep the unkeyed SHA-256 they were written with). A new database starts with
-- both at 1: every row is keyed and none may lack a hash.
CREATE TABLE "audit_chain" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"hashed_from" integer NOT NULL,
	"keyed_from" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_chain_one_row" CHECK ("id" = 1)
);
--> statement-breakpoint
INSERT INTO "audit_chain" ("id", "hashed_from", "keyed_from")
SELECT 1,
	coalesce(min("id") FILTER (WHERE "hash" <> ''), coalesce(max("id"), 0) + 1),
	coalesce(max("id"), 0) + 1
FROM "audit_log";
--> statement-breakpoint
-- like audit_log, the record is never changed or removed
CREATE OR REPLACE FUNCTION audit_chain_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_chain is fixed: % refused', TG_OP;
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_chain_fixed BEFORE UPDATE OR DELETE ON "audit_chain" FOR EACH ROW EXECUTE FUNCTION audit_chain_fixed();--> statement-breakpoint
CREATE TRIGGER audit_chain_no_truncate BEFORE TRUNCATE ON "audit_chain" FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_fixed();
