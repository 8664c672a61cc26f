-- Recording a checkout's payment page on its order (stripe_session_id, checkout_url, and drizzle's updated_at) no
-- longer notifies 'orders_changed' (0017): the admin's orders list shows none of them. That write commits
-- synchronously (ADR 008: its flush covers the hold's), and a transaction that notifies holds PostgreSQL's one notify
-- lock from its commit until its WAL flush, so every checkout's page took its turn on that lock, one fsync at a time,
-- while the next checkouts' holds (which notify too) queued behind it (issue 32). Every other column still notifies:
-- orders-notify.test.ts fails when a column is added to orders without being named here.
DROP TRIGGER IF EXISTS "orders_orders_changed" ON "orders";
--> statement-breakpoint
CREATE TRIGGER "orders_orders_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF
	"id", "order_number", "customer_id", "unit_id", "model_id", "type", "btu_tier", "start_date", "end_date",
	"months_min", "price_cents", "stripe_subscription_id", "status", "address", "city", "zip_code", "building_notes",
	"created_at", "checkout_key", "billing_status", "cancel_reason", "delivery_charge_cents", "delivery_miles",
	"source", "link_version", "link_sent_at", "link_opened_at", "link_signed_at", "delivery_window_date",
	"delivery_window_start", "delivery_window_end", "place_key"
	ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "notify_orders_changed"();
