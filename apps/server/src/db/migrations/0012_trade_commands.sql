CREATE TABLE "trade_commands" (
	"account_id" integer NOT NULL,
	"command_id" varchar(64) NOT NULL,
	"type" varchar(20) NOT NULL,
	"position_id" integer,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_commands_account_id_command_id_pk" PRIMARY KEY("account_id","command_id")
);
--> statement-breakpoint
ALTER TABLE "trade_commands" ADD CONSTRAINT "trade_commands_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;