-- The client's watchlists in the terminal: named lists of catalogue symbols in the client's order, one of them the
-- favourites the star fills.
CREATE TABLE "watchlists" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(40) NOT NULL,
	"favourites" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watchlist_symbols" (
	"watchlist_id" integer NOT NULL,
	"symbol" varchar(32) NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "watchlist_symbols_watchlist_id_symbol_pk" PRIMARY KEY("watchlist_id","symbol")
);
--> statement-breakpoint
ALTER TABLE "watchlists" ADD CONSTRAINT "watchlists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_symbols" ADD CONSTRAINT "watchlist_symbols_watchlist_id_watchlists_id_fk" FOREIGN KEY ("watchlist_id") REFERENCES "public"."watchlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watchlists_user_idx" ON "watchlists" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "watchlists_one_favourites_idx" ON "watchlists" USING btree ("user_id") WHERE "watchlists"."favourites";
