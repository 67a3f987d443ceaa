-- Trading accounts: a client owns trading accounts, live or demo, each in one currency with its own
-- balance, positions, orders and ledger. Every existing client gets one live account whose id is the client's id,
-- so the engine's account ids (until now user ids) and every row written so far stay valid; user_id stays beside
-- account_id on the money tables as the owner (reports group by client). users.balance moves to the account.
CREATE TABLE "trading_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"kind" varchar(4) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"number" varchar(24) NOT NULL,
	"balance" numeric(20, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trading_accounts_number_unique" UNIQUE("number"),
	CONSTRAINT "trading_accounts_kind_check" CHECK ("kind" in ('live', 'demo'))
);
--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD CONSTRAINT "trading_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD CONSTRAINT "trading_accounts_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trading_accounts_user_idx" ON "trading_accounts" USING btree ("user_id","id");--> statement-breakpoint
-- Every client's first live account: id = the client's id, in the brand's currency, with the client's balance.
INSERT INTO "trading_accounts" ("id", "user_id", "brand_id", "kind", "currency", "number", "balance", "created_at")
SELECT u."id", u."id", u."brand_id", 'live', coalesce(nullif(b."settings"->>'currency', ''), 'EUR'), 'L-' || u."pin" || '-1', u."balance", u."created_at"
FROM "users" u JOIN "brands" b ON b."id" = u."brand_id";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('trading_accounts', 'id'), greatest((SELECT max("id") FROM "trading_accounts"), 1), (SELECT count(*) > 0 FROM "trading_accounts"));--> statement-breakpoint
-- Ids of new accounts come from the clients' sequence: a client's first live account keeps the client's id (the
-- registration opens it so), and an id drawn for any other account is never a client's (decision 0028).
ALTER TABLE "trading_accounts" ALTER COLUMN "id" SET DEFAULT nextval('users_id_seq');--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "balance";--> statement-breakpoint
-- account_id beside user_id: the account a row belongs to (until now every row was the client's only account).
ALTER TABLE "positions" ADD COLUMN "account_id" integer;--> statement-breakpoint
UPDATE "positions" SET "account_id" = "user_id";--> statement-breakpoint
ALTER TABLE "positions" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "positions_account_closed_idx" ON "positions" USING btree ("account_id","closed_at");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "account_id" integer;--> statement-breakpoint
UPDATE "orders" SET "account_id" = "user_id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_account_status_idx" ON "orders" USING btree ("account_id","status");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "account_id" integer;--> statement-breakpoint
UPDATE "ledger_entries" SET "account_id" = "user_id";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_account_idx" ON "ledger_entries" USING btree ("account_id","id");--> statement-breakpoint
-- A cause is booked once per account (a transfer books on two accounts of one client under one reference).
DROP INDEX "ledger_kind_reference_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_kind_reference_uq" ON "ledger_entries" USING btree ("account_id","kind","reference");--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "account_id" integer;--> statement-breakpoint
UPDATE "transactions" SET "account_id" = "user_id";--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_account_idx" ON "transactions" USING btree ("account_id","created_at");--> statement-breakpoint
ALTER TABLE "fill_audits" ADD COLUMN "account_id" integer;--> statement-breakpoint
UPDATE "fill_audits" SET "account_id" = "user_id";--> statement-breakpoint
ALTER TABLE "fill_audits" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "fill_audits" ADD CONSTRAINT "fill_audits_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fill_audits_account_idx" ON "fill_audits" USING btree ("account_id","position_id");--> statement-breakpoint
ALTER TABLE "price_alerts" ADD COLUMN "account_id" integer;--> statement-breakpoint
UPDATE "price_alerts" SET "account_id" = "user_id";--> statement-breakpoint
ALTER TABLE "price_alerts" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_alerts_account_idx" ON "price_alerts" USING btree ("account_id","id");--> statement-breakpoint
ALTER TABLE "staff_money_requests" ADD COLUMN "account_id" integer;--> statement-breakpoint
UPDATE "staff_money_requests" SET "account_id" = "user_id";--> statement-breakpoint
ALTER TABLE "staff_money_requests" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_money_requests" ADD CONSTRAINT "staff_money_requests_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_money_requests_account_idx" ON "staff_money_requests" USING btree ("account_id","created_at");--> statement-breakpoint
-- Commands are kept per trading account now (the same ids as before for the first accounts).
ALTER TABLE "trade_commands" DROP CONSTRAINT "trade_commands_account_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "trade_commands" ADD CONSTRAINT "trade_commands_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The session's current account; null: the client's first live account, else the first demo one.
ALTER TABLE "sessions" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE set null ON UPDATE no action;
