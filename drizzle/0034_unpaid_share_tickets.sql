-- The unpaid share's budget without a turn on its row (issue 32; ADR 037's third addendum). Under 0031 a checkout
-- spent its model's budget by updating the model's one row, which it then held to commit: every checkout of a model
-- took its turn there, through its window's lock and its commit (7.7 ms a checkout waiting on it in the benchmark).
-- A budget is now a range of tickets: an exact count, one at a time under the model's lock (advisory, class 7),
-- draws a ticket from the unpaid_share_tickets sequence and allows the holds of the next tickets up to its room (at
-- most 64, for 30 s of the checkout's clock). A checkout draws a ticket (a sequence neither waits nor rolls back),
-- and if it falls in its model's range, takes the model's lock shared: checkouts do not wait for each other, and a
-- count waits for every one of them to commit, so it sees their holds. Tickets drawn for other models, or by
-- checkouts that roll back, only end a budget sooner. The rule and its answers are unchanged
-- (checkout-hold-share.test.ts). The check is its own function now, unpaid_share_turn, so the next change to the
-- rule replaces it alone; the hold function is restated once more to call it, and the resets share one function.
CREATE SEQUENCE IF NOT EXISTS "unpaid_share_tickets";
--> statement-breakpoint
ALTER TABLE "unpaid_share_budgets" ADD COLUMN IF NOT EXISTS "first_ticket" bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "unpaid_share_budgets" ADD COLUMN IF NOT EXISTS "last_ticket" bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
-- 0031's count of holds left, unused from here on: defaulted so that the rows written now need not name it, and
-- dropped by a later release once none reads it (expand-only: tests/deploy/migrations.test.ts).
ALTER TABLE "unpaid_share_budgets" ALTER COLUMN "holds_left" SET DEFAULT 0;
--> statement-breakpoint
-- Spends the budget of one model key, or of every one (NULL): stock that leaves, a phone order's hold, a checkout of
-- any model. Its next checkout counts exactly.
CREATE OR REPLACE FUNCTION "unpaid_share_budgets_reset"(p_model_key text) RETURNS void LANGUAGE sql AS $$
	UPDATE unpaid_share_budgets SET last_ticket = first_ticket
	WHERE last_ticket > first_ticket AND (p_model_key IS NULL OR model_key = p_model_key);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "unpaid_share_budgets_spent"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM unpaid_share_budgets_reset(NULL);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Whether a ticket is one of a budget's, still valid at the checkout's clock (a clock set back by more than the
-- budget's half minute, as the demo's billing clock can be, counts again). False for no budget at all.
CREATE OR REPLACE FUNCTION "unpaid_share_ticket_valid"(
	p_budget unpaid_share_budgets, p_ticket bigint, p_now timestamptz
) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
	SELECT coalesce(p_budget.first_ticket < p_ticket AND p_ticket <= p_budget.last_ticket
		AND p_budget.valid_until > p_now AND p_budget.valid_until <= p_now + interval '30 seconds', false);
$$;
--> statement-breakpoint
-- The unpaid share (ADR 037): NULL when the hold may be taken, 'busy' when the model's (or, with no model, the
-- fleet's) unpaid holds have their share of its stock. Counted from the live holds, or spent from the budget the last
-- exact count left. p_unpaid_share NULL: a phone order, the owner's promise, is not bounded by the share, but takes a
-- unit out of the stock the budgets were counted on: they are spent, and the next checkout counts.
CREATE OR REPLACE FUNCTION "unpaid_share_turn"(
	p_model_id uuid, p_min_btu integer, p_now timestamptz, p_unpaid_share numeric
) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	-- One budget and one lock per model and smallest BTU, as the counts are. A checkout of any model has no budget
	-- (every model's checkouts would spend it too); it counts the fleet each time, under the fleet's lock, and the
	-- hold function spends the budget of the model it picks.
	v_key text := coalesce(p_model_id::text, 'any model') || ' ' || p_min_btu;
	v_budget unpaid_share_budgets;
	v_ticket bigint;
	v_unpaid integer;
	v_held integer;
	v_stock integer;
	-- The most holds one exact count hands out.
	v_budget_most constant integer := 64;
BEGIN
	IF p_unpaid_share IS NULL THEN
		PERFORM unpaid_share_budgets_reset(NULL);
		RETURN NULL;
	END IF;
	IF p_model_id IS NOT NULL THEN
		v_ticket := nextval('unpaid_share_tickets');
		SELECT * INTO v_budget FROM unpaid_share_budgets b WHERE b.model_key = v_key;
		IF unpaid_share_ticket_valid(v_budget, v_ticket, p_now) THEN
			-- Held shared to commit: a count waits for this hold. One may have run between the look above and this lock
			-- (it did not wait for this checkout, whose ticket is then older than its range): read the budget it left.
			PERFORM pg_advisory_xact_lock_shared(7, hashtext(v_key));
			SELECT * INTO v_budget FROM unpaid_share_budgets b WHERE b.model_key = v_key;
			IF unpaid_share_ticket_valid(v_budget, v_ticket, p_now) THEN
				RETURN NULL;
			END IF;
			v_ticket := nextval('unpaid_share_tickets');
			IF unpaid_share_ticket_valid(v_budget, v_ticket, p_now) THEN
				RETURN NULL;
			END IF;
			-- The budget ran out or was spent meanwhile. Counting needs the lock alone, which this checkout, holding it
			-- shared, cannot wait for without deadlocking with another such one: the whole statement is undone, and the
			-- checkout starts again (checkout/service.ts), to count.
			RAISE EXCEPTION 'unpaid_share_recount';
		END IF;
	END IF;

	-- No budget: count exactly, one checkout at a time, once every checkout that spent the last budget has committed.
	PERFORM pg_advisory_xact_lock(7, hashtext(v_key));
	IF p_model_id IS NOT NULL THEN
		-- The checkout before this one in turn may have counted and left a budget.
		v_ticket := nextval('unpaid_share_tickets');
		SELECT * INTO v_budget FROM unpaid_share_budgets b WHERE b.model_key = v_key;
		IF unpaid_share_ticket_valid(v_budget, v_ticket, p_now) THEN
			RETURN NULL;
		END IF;
	END IF;

	-- The live holds only, read through units_offerable_pick_idx (held_until > now).
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
	-- unpaid checkout (as 0025 counted it): with no unpaid hold, never. The offerable units are counted only as far
	-- as this hold and the next budget need (plus the ones held for a phone order or a waitlist offer, which are
	-- not stock): enough stock for unpaid + 1 + n holds is ceil((unpaid + 1 + n) / share) units.
	IF p_unpaid_share <= 0 AND v_unpaid > 0 THEN
		RETURN 'busy';
	END IF;
	IF p_unpaid_share > 0 AND (p_model_id IS NOT NULL OR v_unpaid > 0) THEN
		SELECT count(*) INTO v_stock FROM (
			SELECT 1 FROM units u JOIN unit_models m ON m.id = u.model_id
			WHERE u.status = 'available' AND u.btu >= p_min_btu AND m.active
				AND (p_model_id IS NULL OR u.model_id = p_model_id)
			LIMIT ceil((v_unpaid + 1 + v_budget_most) / p_unpaid_share)::integer + (v_held - v_unpaid)
		) s;
		v_stock := v_stock - (v_held - v_unpaid);
		IF v_unpaid > 0 AND v_unpaid >= greatest(1, floor(v_stock * p_unpaid_share)) THEN
			RETURN 'busy';
		END IF;
		-- The holds after this one that the count leaves room for, up to v_budget_most, for the next half minute of
		-- the checkout's clock: the tickets drawn after this one (stock that leaves meanwhile spends them: the
		-- triggers of 0031; holds that end only make more room).
		IF p_model_id IS NOT NULL THEN
			v_ticket := nextval('unpaid_share_tickets');
			INSERT INTO unpaid_share_budgets AS b (model_key, first_ticket, last_ticket, valid_until)
			VALUES (v_key, v_ticket, v_ticket + least(v_budget_most,
				greatest(0, floor(v_stock * p_unpaid_share)::integer - v_unpaid - 1)), p_now + interval '30 seconds')
			ON CONFLICT (model_key) DO UPDATE SET first_ticket = excluded.first_ticket,
				last_ticket = excluded.last_ticket, valid_until = excluded.valid_until;
		END IF;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
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
	v_refused text;
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
	-- The share of the stock a new hold may take (unpaid_share_turn, above).
	v_refused := unpaid_share_turn(p_model_id, p_min_btu, p_now, p_unpaid_share);
	IF v_refused IS NOT NULL THEN
		RETURN QUERY SELECT v_refused, NULL::uuid, NULL::uuid, NULL::text;
		RETURN;
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

	-- A checkout of any model takes a unit its model's budget did not count on: that budget is spent.
	IF p_model_id IS NULL AND p_unpaid_share IS NOT NULL THEN
		PERFORM unpaid_share_budgets_reset(v_model_id::text || ' ' || p_min_btu);
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
