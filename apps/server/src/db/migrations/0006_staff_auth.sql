ALTER TABLE "staff_users" DROP CONSTRAINT "staff_users_brand_id_brands_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "roles" jsonb DEFAULT '["admin"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "brand_ids" jsonb;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "recovery_code_hashes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
-- one role and one brand become a list of roles and a brand scope (null: every brand)
UPDATE "staff_users" SET "roles" = jsonb_build_array("role"), "brand_ids" = CASE WHEN "brand_id" IS NULL THEN NULL ELSE jsonb_build_array("brand_id") END;--> statement-breakpoint
ALTER TABLE "staff_users" DROP COLUMN "role";--> statement-breakpoint
ALTER TABLE "staff_users" DROP COLUMN "brand_id";--> statement-breakpoint
-- the audit log is append-only (issue 13): the database itself refuses to change or remove a row
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP;
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
