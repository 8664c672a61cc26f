-- Issue 27 item 2: a fee with no renewal due before it is billed at once on an invoice of its own. The ledger links
-- such an invoice (no subscription) to its order by the provider's metadata.orderId; no foreign key, as for the
-- invoice's subscription: the provider's metadata is not ours to trust. The fee row records the invoice that bills it.
ALTER TABLE "invoices" ADD COLUMN "order_id" uuid;
--> statement-breakpoint
CREATE INDEX "invoices_order_id_idx" ON "invoices" USING btree ("order_id","issued_at");
--> statement-breakpoint
ALTER TABLE "additional_fees" ADD COLUMN "invoice_id" varchar(255);
--> statement-breakpoint
CREATE INDEX "additional_fees_invoice_id_idx" ON "additional_fees" USING btree ("invoice_id");
--> statement-breakpoint
-- The embedded gateway's invoices of their own (no subscription): their order, hosted page and idempotency key.
ALTER TABLE "local_gateway_invoices" ALTER COLUMN "subscription_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "local_gateway_invoices" ADD COLUMN "order_id" uuid;
--> statement-breakpoint
ALTER TABLE "local_gateway_invoices" ADD COLUMN "hosted_invoice_url" text;
--> statement-breakpoint
ALTER TABLE "local_gateway_invoices" ADD COLUMN "idempotency_key" varchar(255);
--> statement-breakpoint
ALTER TABLE "local_gateway_invoices" ADD CONSTRAINT "local_gateway_invoices_idempotency_key_unique" UNIQUE("idempotency_key");
