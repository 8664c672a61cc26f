-- A delivery window's room without a turn for every checkout (issue 32; ADR 035's addendum of 2026-11-29, second
-- part). Every checkout booking a window took that window's lock alone (advisory, class 3) and counted it, to commit:
-- in a rush at the earliest window, each waited for all the others (7.8 ms a checkout in the create-session
-- benchmark). As the unpaid share's budget does (0034), an exact count now hands out a range of tickets: under the
-- window's lock alone, it draws a ticket from delivery_window_tickets and allows the bookings of the next tickets up
-- to the room it found (at most 64, for 30 s of the checkout's clock). A checkout draws a ticket, and if it falls in
-- its window's range, takes the window's lock shared to commit: checkouts do not wait for each other, and a count
-- waits for every one of them, so it sees their orders. Tickets drawn for other windows, or by checkouts that roll
-- back, only end a range sooner. A budget is for the window as the owner set it (its end and visits): a window the
-- owner changed is counted afresh. Everything else that books a window takes its lock alone through
-- delivery_window_lock, which spends the window's budget: the owner's visits (booked anyway or not), a phone order,
-- and a returning customer's checkout. Holds that end only make more room; a payment after its hold ended takes a
-- place with or without a budget (ADR 035: the window shows over capacity for the owner to move).
CREATE SEQUENCE IF NOT EXISTS "delivery_window_tickets";
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "delivery_window_budgets" (
	"window_key" text PRIMARY KEY NOT NULL,
	"window_end" text NOT NULL,
	"visits" integer NOT NULL,
	"first_ticket" bigint NOT NULL,
	"last_ticket" bigint NOT NULL,
	"valid_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- The window's lock alone, for a booking outside the budget (the app's transactions): the budget is spent, so the
-- next checkout counts, once this booking has committed.
CREATE OR REPLACE FUNCTION "delivery_window_lock"(p_date date, p_start text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_advisory_xact_lock(3, hashtext(p_date::text || ' ' || p_start));
	UPDATE delivery_window_budgets SET last_ticket = first_ticket
	WHERE window_key = p_date::text || ' ' || p_start AND last_ticket > first_ticket;
END;
$$;
--> statement-breakpoint
-- Whether a ticket is one of the budget's, for this window as set, still valid at the checkout's clock (a clock set
-- back by more than the half minute, as the demo's billing clock can be, counts again). False for no budget.
CREATE OR REPLACE FUNCTION "delivery_window_ticket_valid"(
	p_budget delivery_window_budgets, p_end text, p_visits integer, p_ticket bigint, p_now timestamptz
) RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
	RETURN coalesce(p_budget.window_end = p_end AND p_budget.visits = p_visits
		AND p_budget.first_ticket < p_ticket AND p_ticket <= p_budget.last_ticket
		AND p_budget.valid_until > p_now AND p_budget.valid_until <= p_now + interval '30 seconds', false);
END;
$$;
--> statement-breakpoint
-- A checkout's turn at its window, in its statement after the hold: returns when the order may book the window;
-- raises 'delivery_window_full' when it is full (the statement is undone: a 409), or 'delivery_window_recount' when
-- the budget ran out while this checkout waited its shared turn (undone; checkout/service.ts starts it again, to count).
CREATE OR REPLACE FUNCTION "delivery_window_turn"(
	p_date date, p_start text, p_end text, p_visits integer, p_now timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	v_key text := p_date::text || ' ' || p_start;
	v_budget delivery_window_budgets;
	v_ticket bigint;
	v_taken integer;
	-- The most bookings one exact count hands out.
	v_budget_most constant integer := 64;
BEGIN
	v_ticket := nextval('delivery_window_tickets');
	SELECT * INTO v_budget FROM delivery_window_budgets b WHERE b.window_key = v_key;
	IF delivery_window_ticket_valid(v_budget, p_end, p_visits, v_ticket, p_now) THEN
		-- Held shared to commit: a count waits for this booking. One may have run between the look above and this
		-- lock (it did not wait for this checkout, whose ticket is then older than its range): read what it left.
		PERFORM pg_advisory_xact_lock_shared(3, hashtext(v_key));
		SELECT * INTO v_budget FROM delivery_window_budgets b WHERE b.window_key = v_key;
		IF delivery_window_ticket_valid(v_budget, p_end, p_visits, v_ticket, p_now) THEN
			RETURN;
		END IF;
		v_ticket := nextval('delivery_window_tickets');
		IF delivery_window_ticket_valid(v_budget, p_end, p_visits, v_ticket, p_now) THEN
			RETURN;
		END IF;
		-- Counting needs the lock alone, which this checkout, holding it shared, cannot wait for without deadlocking
		-- with another such one: the statement is undone, and the checkout starts again.
		RAISE EXCEPTION 'delivery_window_recount';
	END IF;

	-- No budget: count exactly, one checkout at a time, once every checkout that spent the last budget has committed.
	PERFORM pg_advisory_xact_lock(3, hashtext(v_key));
	-- The checkout before this one in turn may have counted and left a budget.
	v_ticket := nextval('delivery_window_tickets');
	SELECT * INTO v_budget FROM delivery_window_budgets b WHERE b.window_key = v_key;
	IF delivery_window_ticket_valid(v_budget, p_end, p_visits, v_ticket, p_now) THEN
		RETURN;
	END IF;
	v_taken := delivery_window_taken(p_date, p_start, p_end, p_now);
	IF v_taken >= p_visits THEN
		RAISE EXCEPTION 'delivery_window_full';
	END IF;
	-- The bookings after this one that the count leaves room for, up to v_budget_most, for the next half minute.
	v_ticket := nextval('delivery_window_tickets');
	INSERT INTO delivery_window_budgets AS b (window_key, window_end, visits, first_ticket, last_ticket, valid_until)
	VALUES (v_key, p_end, p_visits, v_ticket, v_ticket + least(v_budget_most, p_visits - v_taken - 1),
		p_now + interval '30 seconds')
	ON CONFLICT (window_key) DO UPDATE SET window_end = excluded.window_end, visits = excluded.visits,
		first_ticket = excluded.first_ticket, last_ticket = excluded.last_ticket, valid_until = excluded.valid_until;
END;
$$;
--> statement-breakpoint
-- checkout_start_in_window_by_keys (0025) taking its window's turn.
CREATE OR REPLACE FUNCTION "checkout_start_in_window_by_keys"(
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
		PERFORM delivery_window_turn(p_window_date, p_window_start, p_window_end, p_window_visits, p_now);
		UPDATE orders SET delivery_window_date = p_window_date, delivery_window_start = p_window_start,
			delivery_window_end = p_window_end
		WHERE id = v_started.order_id;
	END IF;
	RETURN QUERY SELECT v_started.outcome, v_started.hits, v_started.customer_id, v_started.order_id,
		v_started.model_id, v_started.btu_tier;
END;
$$;
