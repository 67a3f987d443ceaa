-- Price alerts of the terminal: a client's alert on a market (the brand's bid or ask), its levels, its state
-- (active until it fires or expires), and where it is told (socket notice, mail outbox, web push).
CREATE TABLE "price_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"symbol" varchar(32) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"side" varchar(4) NOT NULL,
	"value" numeric(30, 10) NOT NULL,
	"base_price" numeric(30, 10),
	"above" numeric(30, 10),
	"below" numeric(30, 10),
	"note" varchar(140),
	"status" varchar(10) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"triggered_at" timestamp with time zone,
	"triggered_price" numeric(30, 10),
	CONSTRAINT "price_alerts_kind_check" CHECK ("price_alerts"."kind" in ('above', 'below', 'move')),
	CONSTRAINT "price_alerts_side_check" CHECK ("price_alerts"."side" in ('bid', 'ask')),
	CONSTRAINT "price_alerts_status_check" CHECK ("price_alerts"."status" in ('active', 'triggered', 'expired'))
);
--> statement-breakpoint
-- The server's VAPID key pair for web push, made at the first start and kept (one row).
CREATE TABLE "push_keys" (
	"id" integer PRIMARY KEY NOT NULL,
	"public_key" varchar(200) NOT NULL,
	"private_key" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_keys_one_row" CHECK ("push_keys"."id" = 1)
);
--> statement-breakpoint
-- A client's browsers that accept web push: the endpoint and keys the browser gave.
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" varchar(1000) NOT NULL,
	"p256dh" varchar(200) NOT NULL,
	"auth" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Pushes to send, retried with backoff by the push worker (never on the tick path).
CREATE TABLE "push_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"payload" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"error" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_alerts_user_idx" ON "price_alerts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "price_alerts_active_idx" ON "price_alerts" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "price_alerts_updated_idx" ON "price_alerts" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "push_outbox_due_idx" ON "push_outbox" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "push_outbox_subscription_idx" ON "push_outbox" USING btree ("subscription_id");
