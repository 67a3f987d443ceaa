-- Transfers between two of a client's own live trading accounts: the row and its two 'transfer' ledger
-- entries (reference 'transfer:<id>') commit in one transaction; command_id makes a replayed request book once.
CREATE TABLE "account_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"from_account_id" integer NOT NULL,
	"to_account_id" integer NOT NULL,
	"debit_amount" numeric(20, 2) NOT NULL,
	"debit_currency" varchar(3) NOT NULL,
	"credit_amount" numeric(20, 2) NOT NULL,
	"credit_currency" varchar(3) NOT NULL,
	"rate" varchar(40) NOT NULL,
	"pair" varchar(16),
	"command_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_transfers_amounts_check" CHECK ("account_transfers"."debit_amount" > 0 and "account_transfers"."credit_amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "account_transfers" ADD CONSTRAINT "account_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_transfers" ADD CONSTRAINT "account_transfers_from_account_id_trading_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_transfers" ADD CONSTRAINT "account_transfers_to_account_id_trading_accounts_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_transfers_user_idx" ON "account_transfers" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_transfers_command_uq" ON "account_transfers" USING btree ("user_id","command_id");
