-- The unpaid share without taking turns (issue 32's create-session figure; ADR 037's second addendum). 0027 counted
-- the model's live holds under the model's lock for every checkout: with the benchmark's 1,500 live holds, 4 ms of
-- PostgreSQL a checkout, one checkout of the model at a time (about 90 a second). Now an exact count, still one at a
-- time (on the budget row, which replaces the advisory lock), also hands out a budget: the holds after it that the
-- count leaves room for (at most 64, for 30 seconds of the checkout's clock). A checkout of a model spends one from
-- the model's budget row, a single-row update, and counts only when the budget is spent or old. A checkout of any
-- model counts the fleet every time, as before, and spends the budget of the model it picks. Same rule, same
-- answers (checkout-hold-share.test.ts), same signature, so the app does not change. Expand-only: a table, a
-- function body and triggers.
CREATE TABLE IF NOT EXISTS "unpaid_share_budgets" (
	"model_key" text PRIMARY KEY NOT NULL,
	"holds_left" integer NOT NULL,
	"valid_until" timestamp with time zone NOT NULL
);
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
	v_unpaid integer;
	v_held integer;
	v_stock integer;
	v_key text;
	-- The most holds one exact count hands out (see below).
	v_budget_most constant integer := 64;
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
	-- The share of the stock a new hold may take (NULL: a phone order, the owner's promise, is not bounded by it, but
	-- takes a unit out of the stock the budgets were counted on: they are spent, and the next checkout counts).
	IF p_unpaid_share IS NULL THEN
		UPDATE unpaid_share_budgets SET holds_left = 0 WHERE holds_left > 0;
	ELSE
		-- One budget per model and smallest BTU, as the counts below are. A checkout of any model has none: the
		-- checkouts of each model would have to spend it too, all on one row; it counts the fleet every time (the row
		-- is its turn) and spends the budget of the model it picks (below).
		v_key := coalesce(p_model_id::text, 'any model') || ' ' || p_min_btu;
		-- A hold the last exact count left room for: one row, taken to commit, for as short a time as the rest of this
		-- statement. It waits while an exact count below is under way, then reads the budget that count left. Checkouts
		-- that began a little before the count still spend from it (their clocks are read before they queue here); a
		-- clock set back by more than the budget's half minute (the demo's billing clock) counts again.
		UPDATE unpaid_share_budgets b SET holds_left = b.holds_left - 1
		WHERE p_model_id IS NOT NULL AND b.model_key = v_key AND b.holds_left > 0 AND b.valid_until > p_now
			AND b.valid_until <= p_now + interval '30 seconds';
		IF NOT FOUND THEN
			-- No budget: count exactly, one checkout of the model at a time, in turn on the budget row (to commit, as
			-- 0027's advisory lock was). Once it is ours, every checkout that spent from it has committed (or rolled back)
			-- and is in the counts below. The row is the only lock here: a checkout whose spend above waited and found the
			-- budget gone holds it already (PostgreSQL locks the row it rechecks), so a second lock taken after it could
			-- deadlock with a count that took that lock first.
			INSERT INTO unpaid_share_budgets AS b (model_key, holds_left, valid_until)
			VALUES (v_key, 0, p_now)
			ON CONFLICT (model_key) DO UPDATE SET holds_left = 0, valid_until = p_now;
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
				RETURN QUERY SELECT 'busy', NULL::uuid, NULL::uuid, NULL::text;
				RETURN;
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
					RETURN QUERY SELECT 'busy', NULL::uuid, NULL::uuid, NULL::text;
					RETURN;
				END IF;
				-- The holds after this one that the count leaves room for, up to v_budget_most, for the next half minute
				-- of the checkout's clock (stock that leaves meanwhile spends it: the triggers below; holds that end
				-- only make more room). A model's only: see v_key.
				UPDATE unpaid_share_budgets SET
					holds_left = least(v_budget_most, greatest(0, floor(v_stock * p_unpaid_share)::integer - v_unpaid - 1)),
					valid_until = p_now + interval '30 seconds'
				WHERE p_model_id IS NOT NULL AND model_key = v_key;
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

	-- A checkout of any model takes a unit its model's budget did not count on: that budget is spent.
	IF p_model_id IS NULL AND p_unpaid_share IS NOT NULL THEN
		UPDATE unpaid_share_budgets SET holds_left = 0
		WHERE model_key = v_model_id::text || ' ' || p_min_btu AND holds_left > 0;
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
-- Stock that leaves otherwise spends every budget too, so no checkout relies on a count from before: a unit rented,
-- retired, moved to another model or BTU, deleted, or held for a waitlist offer (ADR 036), and a model no longer
-- offered. Rare writes; the tiny table is reset whole, as a unit can count for its model and for the fleet.
CREATE OR REPLACE FUNCTION "unpaid_share_budgets_spent"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE unpaid_share_budgets SET holds_left = 0 WHERE holds_left > 0;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "units_stock_left" ON "units";
--> statement-breakpoint
CREATE TRIGGER "units_stock_left" AFTER UPDATE ON "units" FOR EACH ROW
WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.model_id IS DISTINCT FROM NEW.model_id OR OLD.btu IS DISTINCT FROM NEW.btu
	OR (NEW.held_for_client LIKE 'waitlist:%' AND NEW.held_for_client IS DISTINCT FROM OLD.held_for_client))
EXECUTE FUNCTION "unpaid_share_budgets_spent"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "units_stock_deleted" ON "units";
--> statement-breakpoint
CREATE TRIGGER "units_stock_deleted" AFTER DELETE ON "units" FOR EACH ROW EXECUTE FUNCTION "unpaid_share_budgets_spent"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "unit_models_stock_left" ON "unit_models";
--> statement-breakpoint
CREATE TRIGGER "unit_models_stock_left" AFTER UPDATE OF "active" ON "unit_models" FOR EACH ROW
WHEN (OLD.active AND NOT NEW.active) EXECUTE FUNCTION "unpaid_share_budgets_spent"();
