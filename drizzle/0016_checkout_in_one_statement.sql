-- create-session in one round trip (issue 14, item 5; ADR 008 addendum). A checkout's transaction was six round
-- trips (BEGIN, locks, customer, hold limits, pick+order+hold, COMMIT) plus the rate limit's: each one the app's
-- CPU to build, send and parse, and PostgreSQL's to receive, plan and answer. These functions run the same steps
-- inside PostgreSQL, one statement each. The business constants (limits, the BTU minimum, prices) stay in the
-- app and arrive as arguments; what a function decides is said by its result, and the app turns it into the answer.
--
-- checkout_hold_unit: the hold limits and the hold (src/server/units/holds.ts calls it, inside the caller's
-- transaction, after the checkout's advisory locks). Refuses ('client' | 'customer' | 'address') when the client
-- address, the customer or the delivery address already has its share of live holds (ADR 016: each counted
-- through its index, the address normalised as orders_delivery_place_idx is); else picks one offerable unit
-- (src/server/units/predicates.ts: available, no live hold, at least p_min_btu) of an active model, the named one
-- or any, first entry of units_offerable_pick_idx, skipping rows other checkouts have locked; creates the pending
-- order on the app clock and holds the unit for it until p_until. Nothing free: 'not_offered' for a model out of
-- the catalog, else 'out_of_stock', and nothing written.
CREATE FUNCTION "checkout_hold_unit"(
	p_customer_id uuid, p_client text, p_zip_code text, p_address text, p_city text, p_model_id uuid,
	p_now timestamptz, p_until timestamptz, p_min_btu integer,
	p_per_client integer, p_per_customer integer, p_per_address integer,
	p_order_number text, p_start_date date, p_months_min integer, p_price_cents integer, p_building_notes text,
	p_checkout_key text, p_delivery_charge_cents integer, p_delivery_miles numeric
) RETURNS TABLE (refused text, order_id uuid, model_id uuid, btu_tier text) LANGUAGE plpgsql AS $$
DECLARE
	v_unit_id uuid;
	v_model_id uuid;
	v_btu_tier text;
	v_order_id uuid;
BEGIN
	IF (SELECT count(*) FROM units u WHERE u.held_for_client = left(p_client, 64) AND u.held_until > p_now)
		>= p_per_client THEN
		RETURN QUERY SELECT 'client', NULL::uuid, NULL::uuid, NULL::text;
		RETURN;
	END IF;
	IF (SELECT count(*) FROM orders o JOIN units u ON u.held_by_order_id = o.id
		WHERE o.customer_id = p_customer_id AND u.held_until > p_now) >= p_per_customer THEN
		RETURN QUERY SELECT 'customer', NULL::uuid, NULL::uuid, NULL::text;
		RETURN;
	END IF;
	IF (SELECT count(*) FROM orders o JOIN units u ON u.held_by_order_id = o.id
		WHERE o.zip_code = p_zip_code
			AND lower(regexp_replace(trim(o.address), '\s+', ' ', 'g')) = lower(regexp_replace(trim(p_address), '\s+', ' ', 'g'))
			AND lower(regexp_replace(trim(o.city), '\s+', ' ', 'g')) = lower(regexp_replace(trim(p_city), '\s+', ' ', 'g'))
			AND u.held_until > p_now) >= p_per_address THEN
		RETURN QUERY SELECT 'address', NULL::uuid, NULL::uuid, NULL::text;
		RETURN;
	END IF;

	-- Two statements rather than one with "p_model_id IS NULL OR ...", so that each keeps a plan on the index.
	IF p_model_id IS NULL THEN
		SELECT u.id, u.model_id, m.btu_tier INTO v_unit_id, v_model_id, v_btu_tier
		FROM units u JOIN unit_models m ON m.id = u.model_id
		WHERE u.status = 'available' AND (u.held_until IS NULL OR u.held_until <= p_now) AND u.btu >= p_min_btu
			AND m.active
		ORDER BY u.held_until ASC NULLS FIRST, u.serial ASC LIMIT 1
		FOR UPDATE OF u SKIP LOCKED;
	ELSE
		SELECT u.id, u.model_id, m.btu_tier INTO v_unit_id, v_model_id, v_btu_tier
		FROM units u JOIN unit_models m ON m.id = u.model_id
		WHERE u.model_id = p_model_id AND u.status = 'available' AND (u.held_until IS NULL OR u.held_until <= p_now)
			AND u.btu >= p_min_btu AND m.active
		ORDER BY u.held_until ASC NULLS FIRST, u.serial ASC LIMIT 1
		FOR UPDATE OF u SKIP LOCKED;
	END IF;
	IF v_unit_id IS NULL THEN
		RETURN QUERY SELECT
			CASE WHEN p_model_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM unit_models m WHERE m.id = p_model_id AND m.active)
				THEN 'not_offered' ELSE 'out_of_stock' END,
			NULL::uuid, NULL::uuid, NULL::text;
		RETURN;
	END IF;

	INSERT INTO orders (order_number, customer_id, model_id, type, btu_tier, start_date, months_min, price_cents,
		address, city, zip_code, building_notes, checkout_key, delivery_charge_cents, delivery_miles, created_at)
	VALUES (p_order_number, p_customer_id, v_model_id, 'monthly', v_btu_tier, p_start_date, p_months_min, p_price_cents,
		p_address, p_city, p_zip_code, p_building_notes, p_checkout_key, p_delivery_charge_cents, p_delivery_miles, p_now)
	RETURNING id INTO v_order_id;
	UPDATE units SET held_by_order_id = v_order_id, held_until = p_until, held_for_client = left(p_client, 64),
		updated_at = now()
	WHERE id = v_unit_id;
	RETURN QUERY SELECT NULL::text, v_order_id, v_model_id, v_btu_tier;
END;
$$;
--> statement-breakpoint
-- checkout_start: a new customer's whole create-session transaction, one statement (src/server/checkout/
-- fast-path.ts calls it outside any transaction; the statement is the transaction, each step inside it reading
-- what committed before it, so the counts after the locks are exact as in a transaction of several statements).
-- In order: 'stale_settings' when the service area the app priced the delivery on (p_settings, the row's value
-- or NULL for the defaults) is not the stored one, nothing written (the app reads it again and retries); one hit
-- on the per-address rate limit's window, 'rate_limited' past p_rate_limit (the hit kept, as the app's rate
-- limiter keeps it); the checkout's three advisory locks (the same keys as the app's transaction takes, so both
-- paths take turns) and a commit that does not wait for its WAL flush (ADR 008 addendum); 'returning' when the
-- e-mail is a customer's already or the checkout key is in use: nothing else written, the app's transaction does
-- those (a double submit, an existing customer's checkout); else the customer is created and checkout_hold_unit
-- holds a unit for a new order, and a refusal there removes the customer again, so a refused checkout keeps
-- nothing but its rate-limit hit.
CREATE FUNCTION "checkout_start"(
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
	v_hits integer;
	v_customer_id uuid;
	v_held record;
BEGIN
	IF (SELECT s.value FROM business_settings s WHERE s.key = p_settings_key) IS DISTINCT FROM p_settings THEN
		RETURN QUERY SELECT 'stale_settings', NULL::integer, NULL::uuid, NULL::uuid, NULL::uuid, NULL::text;
		RETURN;
	END IF;
	INSERT INTO rate_limit_buckets AS b (key, window_start, hits) VALUES (p_rate_key, p_rate_window, 1)
	ON CONFLICT (key, window_start) DO UPDATE SET hits = b.hits + 1
	RETURNING b.hits INTO v_hits;
	IF v_hits > p_rate_limit THEN
		RETURN QUERY SELECT 'rate_limited', v_hits, NULL::uuid, NULL::uuid, NULL::uuid, NULL::text;
		RETURN;
	END IF;

	PERFORM set_config('synchronous_commit', 'off', true), pg_advisory_xact_lock(hashtext(p_lock_email)),
		pg_advisory_xact_lock(1, hashtext(p_lock_client)), pg_advisory_xact_lock(2, hashtext(p_lock_place));
	IF p_checkout_key IS NOT NULL AND EXISTS (SELECT 1 FROM orders o WHERE o.checkout_key = p_checkout_key) THEN
		RETURN QUERY SELECT 'returning', v_hits, NULL::uuid, NULL::uuid, NULL::uuid, NULL::text;
		RETURN;
	END IF;
	INSERT INTO customers (email, name, phone, locale) VALUES (p_email, p_name, p_phone, coalesce(p_locale, 'en'))
	ON CONFLICT (email) DO NOTHING
	RETURNING id INTO v_customer_id;
	IF v_customer_id IS NULL THEN
		RETURN QUERY SELECT 'returning', v_hits, NULL::uuid, NULL::uuid, NULL::uuid, NULL::text;
		RETURN;
	END IF;

	SELECT * INTO v_held FROM checkout_hold_unit(v_customer_id, p_client, p_zip_code, p_address, p_city, p_model_id,
		p_now, p_until, p_min_btu, p_per_client, p_per_customer, p_per_address, p_order_number, p_start_date,
		p_months_min, p_price_cents, p_building_notes, p_checkout_key, p_delivery_charge_cents, p_delivery_miles);
	IF v_held.refused IS NOT NULL THEN
		DELETE FROM customers c WHERE c.id = v_customer_id;
		RETURN QUERY SELECT v_held.refused, v_hits, NULL::uuid, NULL::uuid, NULL::uuid, NULL::text;
		RETURN;
	END IF;
	RETURN QUERY SELECT 'held', v_hits, v_customer_id, v_held.order_id, v_held.model_id, v_held.btu_tier;
END;
$$;
