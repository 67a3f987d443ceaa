-- The client's chart layout per symbol in the terminal: indicators and drawings, checked before they are kept.
CREATE TABLE "chart_layouts" (
	"user_id" integer NOT NULL,
	"symbol" varchar(32) NOT NULL,
	"layout" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chart_layouts_user_id_symbol_pk" PRIMARY KEY("user_id","symbol")
);
--> statement-breakpoint
ALTER TABLE "chart_layouts" ADD CONSTRAINT "chart_layouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
