-- The appropriateness test's attempts (docs/compliance.md): every submitted questionnaire with the version it
-- answered, the answers, the score and the outcome; a block's end and a warning's acknowledgement. The client's
-- standing (client_compliance) follows the newest attempt.
CREATE TABLE "appropriateness_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"version" varchar(40) NOT NULL,
	"answers" jsonb NOT NULL,
	"score" integer NOT NULL,
	"outcome" varchar(8) NOT NULL,
	"blocked_until" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appropriateness_attempts_outcome_check" CHECK ("appropriateness_attempts"."outcome" in ('pass', 'warn', 'block'))
);
--> statement-breakpoint
ALTER TABLE "appropriateness_attempts" ADD CONSTRAINT "appropriateness_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "appropriateness_attempts" ADD CONSTRAINT "appropriateness_attempts_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "appropriateness_attempts_user_idx" ON "appropriateness_attempts" USING btree ("user_id","id");
