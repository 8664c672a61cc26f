-- Issue 27 item 4: refunds (whole or part of a paid invoice, or of a paid fee on one) and account credits, each made
-- through the payment provider first and then kept here (ADR 030). A refund row is written 'pending' under a lock
-- of its ledger invoice before the provider is asked (so two at once cannot together pass what was paid) and becomes
-- 'succeeded' with the provider's credit note id; a refusal deletes it.
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"invoice_id" varchar(255) NOT NULL,
	"fee_id" uuid,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"provider_refund_id" varchar(255),
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "refunds_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "refunds_amount_positive" CHECK ("amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_fee_id_additional_fees_id_fk" FOREIGN KEY ("fee_id") REFERENCES "public"."additional_fees"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "refunds_order_id_idx" ON "refunds" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "refunds_customer_id_idx" ON "refunds" USING btree ("customer_id");
--> statement-breakpoint
CREATE INDEX "refunds_invoice_id_idx" ON "refunds" USING btree ("invoice_id");
--> statement-breakpoint
CREATE INDEX "refunds_fee_id_idx" ON "refunds" USING btree ("fee_id");
--> statement-breakpoint
CREATE INDEX "refunds_created_by_idx" ON "refunds" USING btree ("created_by");
--> statement-breakpoint
CREATE INDEX "refunds_refunded_at_idx" ON "refunds" USING btree ("refunded_at") WHERE "refunds"."status" = 'succeeded';
--> statement-breakpoint
-- A credit on the customer's balance at the provider, which takes it off their next invoice(s).
CREATE TABLE "account_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"order_id" uuid,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"provider_transaction_id" varchar(255) NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "account_credits_provider_transaction_id_unique" UNIQUE("provider_transaction_id"),
	CONSTRAINT "account_credits_amount_positive" CHECK ("amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "account_credits_customer_id_idx" ON "account_credits" USING btree ("customer_id","created_at");
--> statement-breakpoint
CREATE INDEX "account_credits_order_id_idx" ON "account_credits" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "account_credits_created_by_idx" ON "account_credits" USING btree ("created_by");
--> statement-breakpoint
-- The embedded gateway: a customer's balance (negative: credit), applied when an invoice is finalized (its
-- starting and ending balance, as Stripe's invoice has them), and what credit notes took back from a paid invoice.
ALTER TABLE "local_gateway_customers" ADD COLUMN "balance_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "local_gateway_invoices" ADD COLUMN "starting_balance_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "local_gateway_invoices" ADD COLUMN "ending_balance_cents" integer;
--> statement-breakpoint
ALTER TABLE "local_gateway_invoices" ADD COLUMN "credited_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TABLE "local_gateway_credit_notes" (
	"id" varchar(255) PRIMARY KEY NOT NULL,
	"invoice_id" varchar(255) NOT NULL,
	"invoice_line_id" varchar(255),
	"amount_cents" integer NOT NULL,
	"memo" text NOT NULL,
	"idempotency_key" varchar(255) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "local_gateway_credit_notes_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "local_gateway_credit_notes" ADD CONSTRAINT "local_gateway_credit_notes_invoice_id_local_gateway_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."local_gateway_invoices"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "local_gateway_credit_notes_invoice_idx" ON "local_gateway_credit_notes" USING btree ("invoice_id");
--> statement-breakpoint
CREATE TABLE "local_gateway_balance_transactions" (
	"id" varchar(255) PRIMARY KEY NOT NULL,
	"gateway_customer_id" varchar(255) NOT NULL,
	"amount_cents" integer NOT NULL,
	"ending_balance_cents" integer NOT NULL,
	"description" text NOT NULL,
	"idempotency_key" varchar(255) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "local_gateway_balance_transactions_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "local_gateway_balance_transactions" ADD CONSTRAINT "local_gateway_balance_transactions_gateway_customer_id_local_gateway_customers_id_fk" FOREIGN KEY ("gateway_customer_id") REFERENCES "public"."local_gateway_customers"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "local_gateway_balance_transactions_customer_idx" ON "local_gateway_balance_transactions" USING btree ("gateway_customer_id");
