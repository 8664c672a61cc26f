-- A delivery window's pending held orders by the window, not by the day (issue 32). delivery_window_taken (0023)
-- counts one window's visits under that window's lock, held to commit by every checkout booking it; through
-- orders_pending_window_idx (the day alone) it read every pending order of the day and probed each for a live hold,
-- so its time under the lock grew with the day's checkouts (3.3 ms at 3,000 on one day, 10 windows). Indexed by day
-- and start, it reads the window's own orders; the day's grouped read (windows.ts) uses it as the old one. Replaces
-- orders_pending_window_idx: same predicate, one column more.
CREATE INDEX IF NOT EXISTS "orders_pending_window_start_idx" ON "orders" USING btree ("delivery_window_date", "delivery_window_start")
WHERE "status" = 'pending' AND "delivery_window_date" IS NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_pending_window_idx";
