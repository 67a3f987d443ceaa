CREATE SEQUENCE "public"."positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER SEQUENCE "positions_id_seq" OWNED BY "positions"."id";--> statement-breakpoint
-- existing databases continue after the ids the engine allocated itself before this migration
SELECT setval('positions_id_seq', (SELECT coalesce(max("id"), 0) + 1 FROM "positions"), false);--> statement-breakpoint
ALTER TABLE "positions" ALTER COLUMN "id" SET DEFAULT nextval('positions_id_seq');--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_position_kind_uq" ON "ledger_entries" USING btree ("position_id","kind") WHERE "ledger_entries"."position_id" is not null;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at");