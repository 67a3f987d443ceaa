-- Staff credentials and sessions: a reset password must be changed at the next sign-in, the last sign-in is kept,
-- an optional address allow-list per member, and the second factor locks per account after wrong codes.
ALTER TABLE "staff_users" ADD COLUMN "password_change_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "last_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "last_login_ip" varchar(64);--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "ip_allow_list" jsonb;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "second_factor_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "second_factor_locks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "second_factor_locked_until" timestamp with time zone;--> statement-breakpoint
-- a session's own idle limit (a staff member's role limit); null: the limit of its kind
ALTER TABLE "sessions" ADD COLUMN "idle_ms" integer;--> statement-breakpoint
-- each role's idle limit set by an administrator (absent: the role's default)
CREATE TABLE "staff_role_settings" (
	"role" varchar(32) PRIMARY KEY NOT NULL,
	"idle_minutes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
