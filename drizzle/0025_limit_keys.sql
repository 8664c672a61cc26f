-- Limits that spelling cannot beat, and a bound on unpaid holds as a share of the stock (issue 31, ADR 037).
--
-- What a hold limit counts is a key (src/server/rentals/units/limit-keys.ts): one per mailbox and one per delivery
-- address. The e-mail key is computed here too, identical to emailLimitKey (limit-keys.db.test.ts compares them on
-- every case), so customers.email_key is generated from it for every writer and every existing row. The address key
-- (USPS abbreviations, house numbers in words) is computed by the app only: the app passes it to the hold
-- function, which stores it on the order, and fills it for orders from before this migration at start
-- (src/server/rentals/units/place-keys.ts).
CREATE FUNCTION "email_limit_key"(p_email text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT CASE
		WHEN strpos(e, '@') = 0 THEN e
		WHEN d IN ('gmail.com', 'googlemail.com') THEN replace(split_part(l, '+', 1), '.', '') || '@gmail.com'
		ELSE split_part(l, '+', 1) || '@' || d
	END
	FROM (SELECT lower(p_email) AS e) x,
		LATERAL (SELECT substring(x.e FROM '^(.*)@[^@]*$') AS l, substring(x.e FROM '@([^@]*)$') AS d) y
$$;
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "email_key" varchar(255) GENERATED ALWAYS AS (email_limit_key("email")) STORED;
--> statement-breakpoint
-- The per-customer count: every customer of the claimant's mailbox, then their orders (orders_customer_id_idx).
CREATE INDEX "customers_email_key_idx" ON "customers" USING btree ("email_key");
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "place_key" varchar(300);
--> statement-breakpoint
-- The per-address count: the orders of the claimant's address, then their held units.
CREATE INDEX "orders_place_key_idx" ON "orders" USING btree ("place_key");
--> statement-breakpoint
-- The orders the app has not keyed yet (those from before this migration), which it fills at start.
CREATE INDEX "orders_place_key_missing_idx" ON "orders" USING btree ("created_at") WHERE "place_key" IS NULL;
--> statement-breakpoint
-- checkout_hold_unit (0016, 0024) by keys, with a new name (two arguments more): the per-customer limit counts the
-- holds of every customer whose e-mail key is the claimant's, the per-address limit those of every order with the
-- claimant's place key (stored on the new order). Then, when p_unpaid_share is given, the share of the stock: among
-- the offerable units (available, of an active model, at least p_min_btu) of the model named, or of the fleet when
-- none is, the live holds of unpaid checkouts may not reach p_unpaid_share of those not held for anything else (a
-- phone order, a waitlist offer), and at least 1 is allowed: 'busy' refuses. Per model, so that no model can be
-- cornered. This count reads the model's available units (units_offerable_pick_idx), once per checkout. The rest
-- is checkout_hold_unit's.
CREATE FUNCTION "checkout_hold_unit_by_keys"(
	p_customer_id uuid, p_client text, p_zip_code text, p_address text, p_city text, p_model_id uuid,
	p_now timestamptz, p_until timestamptz, p_min_btu integer,
	p_per_client integer, p_per_customer integer, p_per_address integer,
	p_order_number text, p_start_date date, p_months_min integer, p_price_cents integer, p_building_notes text,
	p_checkout_key text, p_delivery_charge_cents integer, p_delivery_miles numeric,
	p_place_key text, p_unpaid_share numeric
) RETURNS TABLE (refused text, order_id uuid, model_id uuid, btu_tier text) LANGUAGE plpgsql AS $$
DECLARE
	v_unit_id uuid;
	v_model_id uuid;
	v_btu_tier text;
	v_order_id uuid;
	v_unpaid integer;
	v_stock integer;
BEGIN
	IF (SELECT count(*) FROM units u WHERE u.held_for_client = left(p_client, 64) AND u.held_until > p_now)
		>= p_per_client THEN
		RETURN QUERY SELECT 'client', NULL::uuid, NULL::uuid, NULL::text;
		RETURN;
	END IF;
	IF (SELECT count(*) FROM customers c JOIN orders o ON o.customer_id = c.id JOIN units u ON u.held_by_order_id = o.id
		WHERE c.email_key = (SELECT k.email_key FROM customers k WHERE k.id = p_customer_id) AND u.held_until > p_now)
		>= p_per_customer THEN
		RETURN QUERY SELECT 'customer', NULL::uuid, NULL::uuid, NULL::text;
		RETURN;
	END IF;
	IF (SELECT count(*) FROM orders o JOIN units u ON u.held_by_order_id = o.id
		WHERE o.place_key = p_place_key AND u.held_until > p_now) >= p_per_address THEN
		RETURN QUERY SELECT 'address', NULL::uuid, NULL::uuid, NULL::text;
		RETURN;
	END IF;
	-- The share of the stock a new hold may take (NULL: a phone order, the owner's promise, is not bounded by it).
	IF p_unpaid_share IS NOT NULL THEN
		-- Checkouts of one model (or of any model) count the share one at a time, so that concurrent ones cannot all
		-- see room for one more; held to commit, like the checkout's other locks.
		PERFORM pg_advisory_xact_lock(7, hashtext(coalesce(p_model_id::text, 'any model')));
		SELECT count(*) FILTER (WHERE unpaid), count(*) FILTER (WHERE unpaid OR NOT held) INTO v_unpaid, v_stock
		FROM (
			SELECT coalesce(u.held_until > p_now, false) AS held,
				coalesce(u.held_until > p_now AND o.source = 'checkout' AND u.held_for_client NOT LIKE 'waitlist:%', false)
					AS unpaid
			FROM units u JOIN unit_models m ON m.id = u.model_id LEFT JOIN orders o ON o.id = u.held_by_order_id
			WHERE u.status = 'available' AND u.btu >= p_min_btu AND m.active
				AND (p_model_id IS NULL OR u.model_id = p_model_id)
		) s;
		IF v_unpaid >= greatest(1, floor(v_stock * p_unpaid_share)) THEN
			RETURN QUERY SELECT 'busy', NULL::uuid, NULL::uuid, NULL::text;
			RETURN;
		END IF;
	END IF;

	-- Two statements rather than one with "p_model_id IS NULL OR ...", so that each keeps a plan on the index.
	IF p_model_id IS NULL THEN
		SELECT u.id, u.model_id, m.btu_tier INTO v_unit_id, v_model_id, v_btu_tier
		FROM units u JOIN unit_models m ON m.id = u.model_id
		WHERE u.status = 'available' AND (u.held_until IS NULL OR u.held_until <= p_now) AND u.btu >= p_min_btu
			AND m.active
			AND NOT EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.model_id = u.model_id AND w.status = 'waiting')
		ORDER BY u.held_until ASC NULLS FIRST, u.serial ASC LIMIT 1
		FOR UPDATE OF u SKIP LOCKED;
	ELSE
		SELECT u.id, u.model_id, m.btu_tier INTO v_unit_id, v_model_id, v_btu_tier
		FROM units u JOIN unit_models m ON m.id = u.model_id
		WHERE u.model_id = p_model_id AND u.status = 'available' AND (u.held_until IS NULL OR u.held_until <= p_now)
			AND u.btu >= p_min_btu AND m.active
			AND NOT EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.model_id = u.model_id AND w.status = 'waiting')
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
		address, city, zip_code, building_notes, checkout_key, delivery_charge_cents, delivery_miles, created_at, place_key)
	VALUES (p_order_number, p_customer_id, v_model_id, 'monthly', v_btu_tier, p_start_date, p_months_min, p_price_cents,
		p_address, p_city, p_zip_code, p_building_notes, p_checkout_key, p_delivery_charge_cents, p_delivery_miles, p_now,
		p_place_key)
	RETURNING id INTO v_order_id;
	UPDATE units SET held_by_order_id = v_order_id, held_until = p_until, held_for_client = left(p_client, 64),
		updated_at = now()
	WHERE id = v_unit_id;
	RETURN QUERY SELECT NULL::text, v_order_id, v_model_id, v_btu_tier;
END;
$$;
--> statement-breakpoint
-- checkout_start (0016) calling checkout_hold_unit_by_keys, the place key and share passed through.
CREATE FUNCTION "checkout_start_by_keys"(
	p_settings_key text, p_settings jsonb,
	p_rate_key text, p_rate_window timestamptz, p_rate_limit integer,
	p_lock_email text, p_lock_client text, p_lock_place text,
	p_email text, p_name text, p_phone text, p_locale text,
	p_client text, p_zip_code text, p_address text, p_city text, p_model_id uuid,
	p_now timestamptz, p_until timestamptz, p_min_btu integer,
	p_per_client integer, p_per_customer integer, p_per_address integer,
	p_order_number text, p_start_date date, p_months_min integer, p_price_cents integer, p_building_notes text,
	p_checkout_key text, p_delivery_charge_cents integer, p_delivery_miles numeric,
	p_place_key text, p_unpaid_share numeric
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

	SELECT * INTO v_held FROM checkout_hold_unit_by_keys(v_customer_id, p_client, p_zip_code, p_address, p_city, p_model_id,
		p_now, p_until, p_min_btu, p_per_client, p_per_customer, p_per_address, p_order_number, p_start_date,
		p_months_min, p_price_cents, p_building_notes, p_checkout_key, p_delivery_charge_cents, p_delivery_miles,
		p_place_key, p_unpaid_share);
	IF v_held.refused IS NOT NULL THEN
		DELETE FROM customers c WHERE c.id = v_customer_id;
		RETURN QUERY SELECT v_held.refused, v_hits, NULL::uuid, NULL::uuid, NULL::uuid, NULL::text;
		RETURN;
	END IF;
	RETURN QUERY SELECT 'held', v_hits, v_customer_id, v_held.order_id, v_held.model_id, v_held.btu_tier;
END;
$$;
--> statement-breakpoint
-- checkout_start_in_window (0023) calling checkout_start_by_keys.
CREATE FUNCTION "checkout_start_in_window_by_keys"(
	p_window_date date, p_window_start text, p_window_end text, p_window_visits integer,
	p_settings_key text, p_settings jsonb,
	p_rate_key text, p_rate_window timestamptz, p_rate_limit integer,
	p_lock_email text, p_lock_client text, p_lock_place text,
	p_email text, p_name text, p_phone text, p_locale text,
	p_client text, p_zip_code text, p_address text, p_city text, p_model_id uuid,
	p_now timestamptz, p_until timestamptz, p_min_btu integer,
	p_per_client integer, p_per_customer integer, p_per_address integer,
	p_order_number text, p_start_date date, p_months_min integer, p_price_cents integer, p_building_notes text,
	p_checkout_key text, p_delivery_charge_cents integer, p_delivery_miles numeric,
	p_place_key text, p_unpaid_share numeric
) RETURNS TABLE (outcome text, hits integer, customer_id uuid, order_id uuid, model_id uuid, btu_tier text)
LANGUAGE plpgsql AS $$
DECLARE
	v_started record;
BEGIN
	SELECT * INTO v_started FROM checkout_start_by_keys(p_settings_key, p_settings, p_rate_key, p_rate_window, p_rate_limit,
		p_lock_email, p_lock_client, p_lock_place, p_email, p_name, p_phone, p_locale, p_client, p_zip_code, p_address,
		p_city, p_model_id, p_now, p_until, p_min_btu, p_per_client, p_per_customer, p_per_address, p_order_number,
		p_start_date, p_months_min, p_price_cents, p_building_notes, p_checkout_key, p_delivery_charge_cents,
		p_delivery_miles, p_place_key, p_unpaid_share);
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
