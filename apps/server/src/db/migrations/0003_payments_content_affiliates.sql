CREATE TABLE "content_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"slug" varchar(120) NOT NULL,
	"lang" varchar(5) NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" varchar(400) DEFAULT '' NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"components" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_singletons" (
	"brand_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_singletons_brand_id_name_pk" PRIMARY KEY("brand_id","name")
);
--> statement-breakpoint
CREATE TABLE "economic_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"currency" varchar(3) NOT NULL,
	"country" varchar(2) NOT NULL,
	"title" varchar(200) NOT NULL,
	"impact" smallint NOT NULL,
	"actual" varchar(32),
	"forecast" varchar(32),
	"previous" varchar(32)
);
--> statement-breakpoint
CREATE TABLE "form_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"form" varchar(64) NOT NULL,
	"values" jsonb NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" varchar(64) NOT NULL,
	"event_id" varchar(128),
	"transaction_id" integer,
	"outcome" varchar(64) NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_clicks" (
	"brand_id" integer NOT NULL,
	"code" varchar(64) NOT NULL,
	"day" date NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "referral_clicks_brand_id_code_day_pk" PRIMARY KEY("brand_id","code","day")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reference" varchar(32) NOT NULL,
	"type_id" smallint NOT NULL,
	"status_id" smallint NOT NULL,
	"method" smallint NOT NULL,
	"provider" varchar(64) NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"idempotency_key" varchar(128),
	"request_hash" varchar(64),
	"provider_reference" varchar(128),
	"status_note" text DEFAULT '' NOT NULL,
	"decided_by" varchar(120),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "transactions_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "affiliate_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referrer_id" integer;--> statement-breakpoint
ALTER TABLE "content_pages" ADD CONSTRAINT "content_pages_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_singletons" ADD CONSTRAINT "content_singletons_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_webhooks" ADD CONSTRAINT "payment_webhooks_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_clicks" ADD CONSTRAINT "referral_clicks_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_pages_brand_slug_lang_uq" ON "content_pages" USING btree ("brand_id","slug","lang");--> statement-breakpoint
CREATE INDEX "economic_events_at_idx" ON "economic_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "form_submissions_brand_idx" ON "form_submissions" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_webhooks_event_uq" ON "payment_webhooks" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_webhooks_tx_idx" ON "payment_webhooks" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "transactions_user_idx" ON "transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_brand_status_idx" ON "transactions" USING btree ("brand_id","status_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_idempotency_uq" ON "transactions" USING btree ("user_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_affiliate_idx" ON "users" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "users_referrer_idx" ON "users" USING btree ("referrer_id");