-- The admin's orders list (GET /api/admin/orders/filtered) is answered from each app instance's memory. Every
-- committed change to what it shows tells every instance listening on 'orders_changed' to drop its pages: any
-- write to orders, and a customer's name or e-mail (shown beside each order and searched). Units (the serial shown,
-- the checkout holds that decide 'abandoned') already notify 'catalog_changed' (0013), which the list hears too.
-- A customer with orders cannot be deleted (the foreign key), so deleting one changes nothing the list shows.
-- Statement-level, folded per transaction and delivered at commit, as in 0013. ADR 010 addendum.
CREATE FUNCTION "notify_orders_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('orders_changed', TG_TABLE_NAME);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_orders_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "orders"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_orders_changed"();
--> statement-breakpoint
CREATE TRIGGER "customers_orders_changed" AFTER UPDATE OF "name", "email" ON "customers"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_orders_changed"();
