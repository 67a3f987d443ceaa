CREATE TABLE "auto_trading_journal" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"action" varchar(16) NOT NULL,
	"symbol" varchar(32),
	"direction" varchar(4),
	"reason" jsonb NOT NULL,
	"indicators" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"quote" jsonb,
	"candle_time" timestamp with time zone,
	"position_id" integer,
	"outcome" jsonb
);
--> statement-breakpoint
CREATE TABLE "auto_trading_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"enabled_at" timestamp with time zone,
	"stopped_reason" varchar(16),
	"stopped_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "origin" varchar(8) DEFAULT 'client' NOT NULL;--> statement-breakpoint
ALTER TABLE "auto_trading_journal" ADD CONSTRAINT "auto_trading_journal_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_trading_settings" ADD CONSTRAINT "auto_trading_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_trading_journal_user_idx" ON "auto_trading_journal" USING btree ("user_id","id");--> statement-breakpoint
-- issue 16: the spec's flag alone never traded; a client now chooses a strategy and limits and switches on again
UPDATE "users" SET "auto_trading" = false WHERE "auto_trading" = true;
