-- The unpaid share's count (issue 32's create-session figure; ADR 037 addendum): 0025 counted every offerable unit of
-- the model under the model's lock, so with 8,000 units (the benchmark's model) each checkout held the lock ~30 ms
-- and create-session fell to 30 req/s. The same rule now reads the live holds through the pick index and counts free
-- units only as far as the rule needs: a cost that grows with the holds, not with the fleet. Same signature and
-- answers (units/hold-limits.test.ts), so the app does not change; only the function body is replaced.
CREATE OR REPLACE FUNCTION "checkout_hold_unit_by_keys"(
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
	v_held integer;
	v_needed integer;
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
		-- The live holds only, read through units_offerable_pick_idx (held_until > now): as many rows as are held,
		-- not the model's whole fleet, while the lock above makes other checkouts of the model wait.
		IF p_model_id IS NULL THEN
			SELECT count(*), count(*) FILTER (WHERE coalesce(o.source = 'checkout' AND u.held_for_client NOT LIKE 'waitlist:%', false))
			INTO v_held, v_unpaid
			FROM units u JOIN unit_models m ON m.id = u.model_id LEFT JOIN orders o ON o.id = u.held_by_order_id
			WHERE u.status = 'available' AND u.held_until > p_now AND u.btu >= p_min_btu AND m.active;
		ELSE
			SELECT count(*), count(*) FILTER (WHERE coalesce(o.source = 'checkout' AND u.held_for_client NOT LIKE 'waitlist:%', false))
			INTO v_held, v_unpaid
			FROM units u JOIN unit_models m ON m.id = u.model_id LEFT JOIN orders o ON o.id = u.held_by_order_id
			WHERE u.model_id = p_model_id AND u.status = 'available' AND u.held_until > p_now AND u.btu >= p_min_btu
				AND m.active;
		END IF;
		-- Refused when unpaid >= greatest(1, floor(stock * share)), the stock being the units not held or held by an
		-- unpaid checkout (as 0025 counted it). With no unpaid hold that never happens; otherwise it happens exactly
		-- when stock < ceil((unpaid + 1) / share), so the offerable units are counted only up to that many (plus the
		-- ones held for a phone order or a waitlist offer, which are not stock).
		IF v_unpaid > 0 THEN
			IF p_unpaid_share <= 0 THEN
				RETURN QUERY SELECT 'busy', NULL::uuid, NULL::uuid, NULL::text;
				RETURN;
			END IF;
			v_needed := ceil((v_unpaid + 1) / p_unpaid_share)::integer;
			SELECT count(*) INTO v_stock FROM (
				SELECT 1 FROM units u JOIN unit_models m ON m.id = u.model_id
				WHERE u.status = 'available' AND u.btu >= p_min_btu AND m.active
					AND (p_model_id IS NULL OR u.model_id = p_model_id)
				LIMIT v_needed + (v_held - v_unpaid)
			) s;
			IF v_stock - (v_held - v_unpaid) < v_needed THEN
				RETURN QUERY SELECT 'busy', NULL::uuid, NULL::uuid, NULL::text;
				RETURN;
			END IF;
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
