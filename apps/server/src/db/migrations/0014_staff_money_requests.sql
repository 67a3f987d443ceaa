-- Staff money under two keys: every balance movement a staff member starts is a request that books nothing until
-- a second member approves it. The row is the request and its decision; the booking it causes is a transaction
-- (the client sees it) and one ledger entry, written with the approval in one database transaction.
CREATE TABLE "staff_money_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" varchar(32) NOT NULL,
	"brand_id" integer NOT NULL REFERENCES "brands"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"kind" varchar(40) NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"reason" text NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"requested_by" integer NOT NULL REFERENCES "staff_users"("id"),
	"decided_by" integer REFERENCES "staff_users"("id"),
	"decided_at" timestamp with time zone,
	"decision_reason" text DEFAULT '' NOT NULL,
	"transaction_reference" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_money_requests_reference_unique" UNIQUE("reference"),
	CONSTRAINT "staff_money_requests_status_check" CHECK ("status" IN ('pending', 'approved', 'rejected', 'cancelled')),
	-- nobody decides their own request, whatever the application does
	CONSTRAINT "staff_money_requests_two_keys" CHECK ("decided_by" IS NULL OR "status" = 'cancelled' OR "decided_by" <> "requested_by")
);
--> statement-breakpoint
CREATE INDEX "staff_money_requests_status_idx" ON "staff_money_requests" USING btree ("status","brand_id","id");
--> statement-breakpoint
CREATE INDEX "staff_money_requests_user_idx" ON "staff_money_requests" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "staff_money_requests_requester_idx" ON "staff_money_requests" USING btree ("requested_by","created_at");
--> statement-breakpoint
-- The caps an admin set per brand and role; a raise waits in proposed_* until a second admin confirms it.
CREATE TABLE "staff_money_limits" (
	"brand_id" integer NOT NULL REFERENCES "brands"("id"),
	"role" varchar(32) NOT NULL,
	"max_single" numeric(20, 2) NOT NULL,
	"max_daily_member" numeric(20, 2) NOT NULL,
	"max_daily_client" numeric(20, 2) NOT NULL,
	"proposed_single" numeric(20, 2),
	"proposed_daily_member" numeric(20, 2),
	"proposed_daily_client" numeric(20, 2),
	"proposed_by" integer REFERENCES "staff_users"("id"),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_money_limits_pk" PRIMARY KEY("brand_id","role")
);
