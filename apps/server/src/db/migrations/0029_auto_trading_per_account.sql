-- Auto-trading belongs to a trading account (docs/accounts.md): each account has its own switch, strategy, limits
-- and journal. The choice saved so far was the client's and ran on the client's first live account: it moves there.
ALTER TABLE "auto_trading_settings" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "auto_trading_settings" ADD COLUMN "enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "auto_trading_settings" s SET "account_id" = (SELECT min(ta."id") FROM "trading_accounts" ta WHERE ta."user_id" = s."user_id" AND ta."kind" = 'live');--> statement-breakpoint
-- a client without a live account never ran auto-trading: nothing to keep
DELETE FROM "auto_trading_settings" WHERE "account_id" IS NULL;--> statement-breakpoint
UPDATE "auto_trading_settings" s SET "enabled" = u."auto_trading" FROM "users" u WHERE u."id" = s."user_id";--> statement-breakpoint
ALTER TABLE "auto_trading_settings" DROP CONSTRAINT "auto_trading_settings_pkey";--> statement-breakpoint
ALTER TABLE "auto_trading_settings" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "auto_trading_settings" ADD CONSTRAINT "auto_trading_settings_pkey" PRIMARY KEY ("account_id");--> statement-breakpoint
ALTER TABLE "auto_trading_settings" ADD CONSTRAINT "auto_trading_settings_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_trading_settings_user_idx" ON "auto_trading_settings" USING btree ("user_id");--> statement-breakpoint
-- users.auto_trading now says whether any of the client's accounts trades automatically
UPDATE "users" u SET "auto_trading" = EXISTS (SELECT 1 FROM "auto_trading_settings" s WHERE s."user_id" = u."id" AND s."enabled") WHERE u."auto_trading";--> statement-breakpoint
ALTER TABLE "auto_trading_journal" ADD COLUMN "account_id" integer;--> statement-breakpoint
UPDATE "auto_trading_journal" j SET "account_id" = coalesce((SELECT min(ta."id") FROM "trading_accounts" ta WHERE ta."user_id" = j."user_id" AND ta."kind" = 'live'), (SELECT min(ta."id") FROM "trading_accounts" ta WHERE ta."user_id" = j."user_id"));--> statement-breakpoint
DELETE FROM "auto_trading_journal" WHERE "account_id" IS NULL;--> statement-breakpoint
ALTER TABLE "auto_trading_journal" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "auto_trading_journal" ADD CONSTRAINT "auto_trading_journal_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_trading_journal_account_idx" ON "auto_trading_journal" USING btree ("account_id","id");
