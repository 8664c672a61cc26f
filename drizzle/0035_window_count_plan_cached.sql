-- delivery_window_taken (0023) in PL/pgSQL, same arguments, answer and indexes (issue 32). As a SQL function called
-- from PL/pgSQL (checkout_start_in_window_by_keys, under the window's lock) it was not inlined: each call planned its
-- two counts afresh, and SQL functions' execution took 13 % of PostgreSQL's CPU in the create-session benchmark. A
-- PL/pgSQL body keeps the counts' plans for the session, so the window's lock is held for the count alone.
CREATE OR REPLACE FUNCTION "delivery_window_taken"(p_date date, p_start text, p_end text, p_now timestamptz)
RETURNS integer LANGUAGE plpgsql STABLE AS $$
BEGIN
	RETURN (
		SELECT count(*) FROM delivery_tasks t
		WHERE t.scheduled_date = p_date AND t.status IN ('scheduled', 'completed')
			AND visit_window_start(t.time_window) >= p_start AND visit_window_start(t.time_window) < p_end
	)::integer + (
		SELECT count(*) FROM orders o
		WHERE o.delivery_window_date = p_date AND o.status = 'pending'
			AND o.delivery_window_start >= p_start AND o.delivery_window_start < p_end
			AND EXISTS (SELECT 1 FROM units u WHERE u.held_by_order_id = o.id AND u.held_until > p_now)
	)::integer;
END;
$$;
