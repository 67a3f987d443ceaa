-- Compliance tasks and the client's source-of-funds answers (docs/compliance.md "Compliance tasks", "Risk score").
-- A task is raised by a compliance check (document expiring, screening match, high risk) or by staff (manual
-- review), assigned to a member with a due date and closed with a note; the same subject is open at most once
-- per client. The source-of-funds answers feed the client's risk score.
CREATE TABLE "compliance_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(32) NOT NULL,
	"subject" varchar(120) NOT NULL,
	"summary" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"assigned_to" integer,
	"status" varchar(8) DEFAULT 'open' NOT NULL,
	"closing_note" text,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_tasks_kind_check" CHECK ("compliance_tasks"."kind" in ('document_expiring', 'document_expired', 'screening_match', 'high_risk', 'manual_review')),
	CONSTRAINT "compliance_tasks_status_check" CHECK ("compliance_tasks"."status" in ('open', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "compliance_tasks" ADD CONSTRAINT "compliance_tasks_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "compliance_tasks" ADD CONSTRAINT "compliance_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "compliance_tasks" ADD CONSTRAINT "compliance_tasks_assigned_to_staff_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "compliance_tasks" ADD CONSTRAINT "compliance_tasks_closed_by_staff_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "compliance_tasks" ADD CONSTRAINT "compliance_tasks_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_tasks_open_subject_uq" ON "compliance_tasks" USING btree ("user_id","subject") WHERE "compliance_tasks"."status" = 'open';
--> statement-breakpoint
CREATE INDEX "compliance_tasks_brand_status_idx" ON "compliance_tasks" USING btree ("brand_id","status","due_at");
--> statement-breakpoint
CREATE TABLE "source_of_funds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"employment_status" varchar(16) NOT NULL,
	"annual_income" varchar(16) NOT NULL,
	"source" varchar(16) NOT NULL,
	"expected_deposits" varchar(16) NOT NULL,
	"pep" boolean DEFAULT false NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "source_of_funds" ADD CONSTRAINT "source_of_funds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
