-- Whether a customer has ever paid (ADR 042): the dashboard's "customers" (as against leads) and Analytics' new
-- customers by week read this flag instead of looking for every customer's orders and paid invoices, a pass over
-- all of both (most of a second at 250k orders on PGlite, where no statement can be interrupted). The rule is
-- customerHasPaidSql's (src/server/admin/shared/figures.ts): an order that ran (active, completed, or cancelled
-- after it started) or a paid invoice with money in it at the provider. Both only ever become true for a customer
-- (orders that ran are never deleted, a paid invoice stays paid), so the flag is set by triggers and never cleared.
-- Expand-only: a column with a default, two indexes, three triggers, and the flag filled in for the customers already
-- there.
ALTER TABLE "customers" ADD COLUMN IF NOT EXISTS "has_paid" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- A customer's invoices, as the link trigger below and the figures' credits look for them (without it, a read of
-- every invoice each time a customer is linked to the provider, at checkout).
CREATE INDEX IF NOT EXISTS "invoices_gateway_customer_id_idx" ON "invoices" USING btree ("gateway_customer_id");
--> statement-breakpoint
-- Revenue collected by month (figures.ts collectedByMonth: this month on the stat cards, 12 on Analytics) reads the
-- paid invoices of a date range, not all of them.
CREATE INDEX IF NOT EXISTS "invoices_paid_at_idx" ON "invoices" USING btree ("paid_at") WHERE "status" = 'paid';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_has_paid_by_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customers SET has_paid = true WHERE id = NEW.customer_id AND NOT has_paid;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS orders_customer_has_paid ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_customer_has_paid AFTER INSERT OR UPDATE OF status, end_date, customer_id ON orders
FOR EACH ROW WHEN (NEW.status IN ('active', 'completed') OR (NEW.status = 'cancelled' AND NEW.end_date IS NOT NULL))
EXECUTE FUNCTION customer_has_paid_by_order();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_has_paid_by_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customers SET has_paid = true WHERE stripe_customer_id = NEW.gateway_customer_id AND NOT has_paid;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS invoices_customer_has_paid ON invoices;
--> statement-breakpoint
CREATE TRIGGER invoices_customer_has_paid AFTER INSERT OR UPDATE OF status, amount_paid_cents, gateway_customer_id
ON invoices FOR EACH ROW WHEN (NEW.status = 'paid' AND NEW.amount_paid_cents > 0)
EXECUTE FUNCTION customer_has_paid_by_invoice();
--> statement-breakpoint
-- A customer linked to the provider after their invoice arrived: the invoice's trigger found no one then.
CREATE OR REPLACE FUNCTION customer_has_paid_on_link() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.has_paid := NEW.has_paid OR EXISTS (
    SELECT 1 FROM invoices WHERE gateway_customer_id = NEW.stripe_customer_id
      AND status = 'paid' AND amount_paid_cents > 0);
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS customers_has_paid_on_link ON customers;
--> statement-breakpoint
CREATE TRIGGER customers_has_paid_on_link BEFORE INSERT OR UPDATE OF stripe_customer_id ON customers
FOR EACH ROW WHEN (NEW.stripe_customer_id IS NOT NULL) EXECUTE FUNCTION customer_has_paid_on_link();
--> statement-breakpoint
UPDATE customers SET has_paid = true WHERE NOT has_paid AND (
  EXISTS (SELECT 1 FROM orders WHERE orders.customer_id = customers.id
    AND (orders.status IN ('active', 'completed') OR (orders.status = 'cancelled' AND orders.end_date IS NOT NULL)))
  OR customers.stripe_customer_id IN (
    SELECT invoices.gateway_customer_id FROM invoices WHERE invoices.status = 'paid' AND invoices.amount_paid_cents > 0));
