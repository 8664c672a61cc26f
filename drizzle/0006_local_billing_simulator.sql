CREATE TABLE "local_gateway_clock" (
	"id" integer PRIMARY KEY NOT NULL,
	"offset_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_gateway_events" (
	"seq" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "local_gateway_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"id" varchar(255) NOT NULL,
	"type" varchar(100) NOT NULL,
	"payload" text NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "local_gateway_events_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "local_gateway_invoice_items" (
	"id" varchar(255) PRIMARY KEY NOT NULL,
	"gateway_customer_id" varchar(255) NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text NOT NULL,
	"invoice_id" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_gateway_invoices" (
	"id" varchar(255) PRIMARY KEY NOT NULL,
	"subscription_id" varchar(255) NOT NULL,
	"gateway_customer_id" varchar(255) NOT NULL,
	"status" varchar(20) NOT NULL,
	"billing_reason" varchar(30) NOT NULL,
	"amount_due_cents" integer NOT NULL,
	"amount_paid_cents" integer DEFAULT 0 NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"next_payment_attempt" timestamp with time zone,
	"first_failed_at" timestamp with time zone,
	"lines" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"finalized_at" timestamp with time zone,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "local_gateway_customers" ADD COLUMN "card_charges_fail" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "local_gateway_subscriptions" ADD COLUMN "billing_anchor" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "local_gateway_subscriptions" ADD COLUMN "latest_invoice_id" varchar(255);--> statement-breakpoint
ALTER TABLE "local_gateway_invoice_items" ADD CONSTRAINT "local_gateway_invoice_items_gateway_customer_id_local_gateway_customers_id_fk" FOREIGN KEY ("gateway_customer_id") REFERENCES "public"."local_gateway_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_gateway_invoices" ADD CONSTRAINT "local_gateway_invoices_subscription_id_local_gateway_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."local_gateway_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_gateway_invoices" ADD CONSTRAINT "local_gateway_invoices_gateway_customer_id_local_gateway_customers_id_fk" FOREIGN KEY ("gateway_customer_id") REFERENCES "public"."local_gateway_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_gateway_events_pending_idx" ON "local_gateway_events" USING btree ("seq") WHERE "local_gateway_events"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "local_gateway_invoice_items_customer_idx" ON "local_gateway_invoice_items" USING btree ("gateway_customer_id","invoice_id");--> statement-breakpoint
CREATE INDEX "local_gateway_invoices_subscription_idx" ON "local_gateway_invoices" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "local_gateway_invoices_status_next_attempt_idx" ON "local_gateway_invoices" USING btree ("status","next_payment_attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "additional_fees_one_early_termination_idx" ON "additional_fees" USING btree ("order_id") WHERE "additional_fees"."fee_type" = 'early_termination';--> statement-breakpoint
CREATE INDEX "local_gateway_subscriptions_status_period_end_idx" ON "local_gateway_subscriptions" USING btree ("status","current_period_end");