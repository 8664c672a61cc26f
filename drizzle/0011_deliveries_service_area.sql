CREATE TABLE "business_settings" (
	"key" varchar(100) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(255) NOT NULL,
	"email" varchar(255) NOT NULL,
	"phone" varchar(20),
	"message" text NOT NULL,
	"locale" varchar(10) DEFAULT 'en' NOT NULL,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(20) NOT NULL,
	"email" varchar(255) NOT NULL,
	"zip_code" varchar(10),
	"model_id" uuid,
	"locale" varchar(10) DEFAULT 'en' NOT NULL,
	"dedupe_key" varchar(400) NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_dedupeKey_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "locale" varchar(10) DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "locale" varchar(10) DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_tasks" ADD COLUMN "time_window" varchar(20);--> statement-breakpoint
ALTER TABLE "delivery_tasks" ADD COLUMN "unit_id" uuid;--> statement-breakpoint
ALTER TABLE "delivery_tasks" ADD COLUMN "collect_unit_id" uuid;--> statement-breakpoint
ALTER TABLE "delivery_tasks" ADD COLUMN "problem" text;--> statement-breakpoint
ALTER TABLE "delivery_tasks" ADD COLUMN "preferred_date" date;--> statement-breakpoint
ALTER TABLE "delivery_tasks" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "delivery_tasks" ADD COLUMN "requested_by" varchar(20) DEFAULT 'system' NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_tasks" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_charge_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_miles" numeric(6, 1);--> statement-breakpoint
ALTER TABLE "unit_models" ADD COLUMN "photo" "bytea";--> statement-breakpoint
ALTER TABLE "unit_models" ADD COLUMN "photo_type" varchar(50);--> statement-breakpoint
ALTER TABLE "unit_models" ADD COLUMN "photo_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_model_id_unit_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."unit_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "leads_kind_created_at_idx" ON "leads" USING btree ("kind","created_at");--> statement-breakpoint
ALTER TABLE "delivery_tasks" ADD CONSTRAINT "delivery_tasks_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_tasks" ADD CONSTRAINT "delivery_tasks_collect_unit_id_units_id_fk" FOREIGN KEY ("collect_unit_id") REFERENCES "public"."units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_tasks_day_idx" ON "delivery_tasks" USING btree ("scheduled_date","status");