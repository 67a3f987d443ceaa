-- issue 14: pending orders, trailing stops, partial closes, commissions and swaps, close explanations and
-- client-only notices (a margin call). Swaps are booked every night, so the one-entry-per-position-and-kind
-- index leaves them out; their reference swap:<position>:<day> keeps each night booked once.
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"symbol" varchar(32) NOT NULL,
	"direction" varchar(4) NOT NULL,
	"order_type" varchar(8) NOT NULL,
	"price" numeric(30, 10) NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"leverage" integer NOT NULL,
	"stop_loss" numeric(30, 10),
	"take_profit" numeric(30, 10),
	"trailing_distance" numeric(30, 10),
	"expiry" jsonb NOT NULL,
	"expires_at" timestamp with time zone,
	"status" varchar(12) NOT NULL,
	"position_id" integer,
	"message" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "ledger_position_kind_uq";--> statement-breakpoint
ALTER TABLE "popups" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "popups" ADD COLUMN "kind" varchar(32);--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "trailing_distance" numeric(30, 10);--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "commission" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "swap" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "part_of" integer;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "close_context" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_user_status_idx" ON "orders" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "orders_open_idx" ON "orders" USING btree ("status") WHERE "orders"."status" = 'open';--> statement-breakpoint
ALTER TABLE "popups" ADD CONSTRAINT "popups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "popups_user_kind_idx" ON "popups" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "positions_part_of_idx" ON "positions" USING btree ("part_of");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_position_kind_uq" ON "ledger_entries" USING btree ("position_id","kind") WHERE "ledger_entries"."position_id" is not null and "ledger_entries"."kind" <> 'swap';