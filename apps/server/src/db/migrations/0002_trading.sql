CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(32) NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"balance_after" numeric(20, 2) NOT NULL,
	"position_id" integer,
	"reference" varchar(120),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"symbol" varchar(32) NOT NULL,
	"direction" varchar(4) NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"leverage" integer NOT NULL,
	"open_rate" numeric(30, 10) NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"stop_loss" numeric(30, 10),
	"take_profit" numeric(30, 10),
	"closed_rate" numeric(30, 10),
	"closed_at" timestamp with time zone,
	"closing_reason" smallint,
	"close_cause" varchar(20),
	"profit" numeric(20, 2),
	"shortfall" numeric(20, 2)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "balance" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_user_idx" ON "ledger_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_kind_reference_uq" ON "ledger_entries" USING btree ("user_id","kind","reference");--> statement-breakpoint
CREATE INDEX "positions_user_closed_idx" ON "positions" USING btree ("user_id","closed_at");