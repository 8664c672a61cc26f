-- Issue 28 item 5: optional two-factor sign-in for the dashboard (ADR 031). The authenticator app's secret is kept
-- sealed with a key derived from SESSION_SECRET; the newest time step a code was accepted for refuses a code used
-- twice; recovery codes are kept as SHA-256 hashes, each usable once.
ALTER TABLE "admin_users" ADD COLUMN "totp_secret" text;
--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "totp_enabled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "totp_last_step" integer;
--> statement-breakpoint
CREATE TABLE "admin_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_user_id" uuid NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_recovery_codes" ADD CONSTRAINT "admin_recovery_codes_admin_user_id_admin_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "admin_recovery_codes_admin_user_id_code_hash_idx" ON "admin_recovery_codes" USING btree ("admin_user_id","code_hash");
