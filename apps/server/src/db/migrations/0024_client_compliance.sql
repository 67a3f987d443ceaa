-- A client's compliance standing (docs/compliance.md): one row per client, written by the compliance checks
-- (screening, the appropriateness test, document expiry, the risk score) and read by the engine and payments
-- through the domain's complianceBlock. A client without a row is clear.
CREATE TABLE "client_compliance" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"screening_status" varchar(16) DEFAULT 'clear' NOT NULL,
	"appropriateness_outcome" varchar(8),
	"appropriateness_acknowledged_at" timestamp with time zone,
	"appropriateness_blocked_until" timestamp with time zone,
	"documents_block_from" timestamp with time zone,
	"risk_score" integer DEFAULT 0 NOT NULL,
	"risk_level" varchar(8) DEFAULT 'low' NOT NULL,
	"edd_required" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_compliance_screening_check" CHECK ("client_compliance"."screening_status" in ('clear', 'pending', 'confirmed')),
	CONSTRAINT "client_compliance_outcome_check" CHECK ("client_compliance"."appropriateness_outcome" is null or "client_compliance"."appropriateness_outcome" in ('pass', 'warn', 'block')),
	CONSTRAINT "client_compliance_risk_check" CHECK ("client_compliance"."risk_level" in ('low', 'medium', 'high'))
);
--> statement-breakpoint
ALTER TABLE "client_compliance" ADD CONSTRAINT "client_compliance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
