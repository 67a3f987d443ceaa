-- The fill audit: for every open and close of a position, the feed quote the engine dealt at, the brand's quote terms
-- then in force and the brand quote (written with the trade, in its transaction), and the feed's quotes a minute
-- either side of it (written once that minute passed). Kept as long as the position: no retention removes it.
CREATE TABLE "fill_audits" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"kind" varchar(5) NOT NULL,
	"symbol" varchar(32) NOT NULL,
	"direction" varchar(4) NOT NULL,
	"cause" varchar(20) NOT NULL,
	"part_of" integer,
	"filled_at" timestamp with time zone NOT NULL,
	"fill_price" numeric(30, 10) NOT NULL,
	"feed_bid" numeric(30, 10) NOT NULL,
	"feed_ask" numeric(30, 10) NOT NULL,
	"feed_at" timestamp with time zone NOT NULL,
	"markup_unit" varchar(7) NOT NULL,
	"markup_value" numeric(30, 10) NOT NULL,
	"pip_size" numeric(30, 10) NOT NULL,
	"tick" numeric(30, 10),
	"quote_buy" numeric(30, 10) NOT NULL,
	"quote_sell" numeric(30, 10) NOT NULL,
	"window_state" varchar(8) DEFAULT 'pending' NOT NULL,
	"window_quotes" jsonb
);
--> statement-breakpoint
ALTER TABLE "fill_audits" ADD CONSTRAINT "fill_audits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fill_audits_position_kind_idx" ON "fill_audits" USING btree ("position_id","kind");--> statement-breakpoint
CREATE INDEX "fill_audits_user_idx" ON "fill_audits" USING btree ("user_id","position_id");--> statement-breakpoint
CREATE INDEX "fill_audits_pending_idx" ON "fill_audits" USING btree ("filled_at") WHERE "fill_audits"."window_state" = 'pending';
