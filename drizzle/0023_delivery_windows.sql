-- Delivery windows with capacity (issue 30, ADR 035). A checkout (or a phone order) books its delivery into one of the
-- owner's windows, kept on the order while it waits for payment; the paid order's delivery visit is scheduled in it.
-- A window's visits taken are the visits booked in it (scheduled or done) plus the pending orders holding a unit
-- for it: a hold that ends gives its place back with no write, as it gives back its unit.
ALTER TABLE "orders" ADD COLUMN "delivery_window_date" date;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_window_start" varchar(5);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_window_end" varchar(5);
--> statement-breakpoint
CREATE INDEX "orders_pending_window_idx" ON "orders" USING btree ("delivery_window_date") WHERE "status" = 'pending' AND "delivery_window_date" IS NOT NULL;
--> statement-breakpoint
-- Why checkouts were turned away, a row each (analytics' unmet demand): 'service_area' (with the ZIP),
-- 'out_of_stock' (with the model asked for, if one was) and 'capacity' (no delivery window left). One row per client
-- address, day, reason, ZIP and model (dedupe_key): a customer trying again, or a script, is one refusal, not many.
CREATE TABLE "checkout_refusals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day" date NOT NULL,
	"reason" varchar(20) NOT NULL,
	"zip_code" varchar(10),
	"model_id" uuid,
	"dedupe_key" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_refusals_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE INDEX "checkout_refusals_day_idx" ON "checkout_refusals" USING btree ("day","reason");
--> statement-breakpoint
-- The start time of a visit's window: a booked window is stored as 'HH:MM-HH:MM'; the four fixed windows visits were
-- booked in before (contracts/deliveries.ts timeWindowLabels) start at 8, 11, 14 and 17 o'clock.
CREATE FUNCTION "visit_window_start"(p_time_window text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE p_time_window
		WHEN 'morning' THEN '08:00' WHEN 'midday' THEN '11:00' WHEN 'afternoon' THEN '14:00' WHEN 'evening' THEN '17:00'
		ELSE left(p_time_window, 5) END
$$;
--> statement-breakpoint
-- The visits a window [p_start, p_end) of p_date has taken at p_now: visits scheduled or done in it, and pending
-- orders holding a unit for it. One definition for the checkout's statement, the app's transactions and the owner.
CREATE FUNCTION "delivery_window_taken"(p_date date, p_start text, p_end text, p_now timestamptz)
RETURNS integer LANGUAGE sql STABLE AS $$
	SELECT (
		SELECT count(*) FROM delivery_tasks t
		WHERE t.scheduled_date = p_date AND t.status IN ('scheduled', 'completed')
			AND visit_window_start(t.time_window) >= p_start AND visit_window_start(t.time_window) < p_end
	)::integer + (
		SELECT count(*) FROM orders o
		WHERE o.delivery_window_date = p_date AND o.status = 'pending'
			AND o.delivery_window_start >= p_start AND o.delivery_window_start < p_end
			AND EXISTS (SELECT 1 FROM units u WHERE u.held_by_order_id = o.id AND u.held_until > p_now)
	)::integer
$$;
--> statement-breakpoint
-- A new customer's checkout in one statement (checkout_start) with its delivery window: after the hold, the window's
-- lock (the same key the app's transactions take, after the checkout's own locks there too), its count, and the
-- order's window. A full window raises 'delivery_window_full', so the whole statement (customer, order, hold and
-- rate-limit hit) is undone and nothing is written; the app answers 409. Any other outcome is checkout_start's.
CREATE FUNCTION "checkout_start_in_window"(
	p_window_date date, p_window_start text, p_window_end text, p_window_visits integer,
	p_settings_key text, p_settings jsonb,
	p_rate_key text, p_rate_window timestamptz, p_rate_limit integer,
	p_lock_email text, p_lock_client text, p_lock_place text,
	p_email text, p_name text, p_phone text, p_locale text,
	p_client text, p_zip_code text, p_address text, p_city text, p_model_id uuid,
	p_now timestamptz, p_until timestamptz, p_min_btu integer,
	p_per_client integer, p_per_customer integer, p_per_address integer,
	p_order_number text, p_start_date date, p_months_min integer, p_price_cents integer, p_building_notes text,
	p_checkout_key text, p_delivery_charge_cents integer, p_delivery_miles numeric
) RETURNS TABLE (outcome text, hits integer, customer_id uuid, order_id uuid, model_id uuid, btu_tier text)
LANGUAGE plpgsql AS $$
DECLARE
	v_started record;
BEGIN
	SELECT * INTO v_started FROM checkout_start(p_settings_key, p_settings, p_rate_key, p_rate_window, p_rate_limit,
		p_lock_email, p_lock_client, p_lock_place, p_email, p_name, p_phone, p_locale, p_client, p_zip_code, p_address,
		p_city, p_model_id, p_now, p_until, p_min_btu, p_per_client, p_per_customer, p_per_address, p_order_number,
		p_start_date, p_months_min, p_price_cents, p_building_notes, p_checkout_key, p_delivery_charge_cents,
		p_delivery_miles);
	IF v_started.outcome = 'held' THEN
		PERFORM pg_advisory_xact_lock(3, hashtext(p_window_date::text || ' ' || p_window_start));
		IF delivery_window_taken(p_window_date, p_window_start, p_window_end, p_now) >= p_window_visits THEN
			RAISE EXCEPTION 'delivery_window_full';
		END IF;
		UPDATE orders SET delivery_window_date = p_window_date, delivery_window_start = p_window_start,
			delivery_window_end = p_window_end
		WHERE id = v_started.order_id;
	END IF;
	RETURN QUERY SELECT v_started.outcome, v_started.hits, v_started.customer_id, v_started.order_id,
		v_started.model_id, v_started.btu_tier;
END;
$$;
