CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" varchar(255) NOT NULL,
	"audience" varchar(20) NOT NULL,
	"kind" varchar(50) NOT NULL,
	"customer_id" uuid,
	"order_id" uuid,
	"values" jsonb NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "additional_fees" ALTER COLUMN "created_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "additional_fees" ADD COLUMN "source_invoice_id" varchar(255);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "first_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "local_gateway_invoice_items" ADD COLUMN "idempotency_key" varchar(255);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_status" varchar(20) DEFAULT 'current' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_due_idx" ON "notifications" USING btree ("status","created_at") WHERE "notifications"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "notifications_order_id_idx" ON "notifications" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "additional_fees_one_late_fee_idx" ON "additional_fees" USING btree ("source_invoice_id") WHERE "additional_fees"."fee_type" = 'late_fee';--> statement-breakpoint
CREATE INDEX "invoices_open_failed_idx" ON "invoices" USING btree ("first_failed_at") WHERE "invoices"."status" = 'open';--> statement-breakpoint
CREATE INDEX "orders_billing_status_idx" ON "orders" USING btree ("billing_status") WHERE "orders"."billing_status" <> 'current';--> statement-breakpoint
ALTER TABLE "local_gateway_invoice_items" ADD CONSTRAINT "local_gateway_invoice_items_idempotencyKey_unique" UNIQUE("idempotency_key");--> statement-breakpoint
UPDATE "orders" SET "billing_status" = 'ended' WHERE "status" IN ('completed', 'cancelled');
