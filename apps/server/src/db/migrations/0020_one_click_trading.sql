-- The client's trading settings kept on the server (they follow the client to every device): one-click trading on or
-- off, and the default one-click size (margin amount and leverage) per instrument.
CREATE TABLE "trading_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"one_click" boolean DEFAULT false NOT NULL,
	"sizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every risk acknowledgement a client gave to switch one-click trading on: when, and from which session.
CREATE TABLE "one_click_acknowledgements" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trading_settings" ADD CONSTRAINT "trading_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_click_acknowledgements" ADD CONSTRAINT "one_click_acknowledgements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "one_click_acknowledgements_user_idx" ON "one_click_acknowledgements" USING btree ("user_id","id");
