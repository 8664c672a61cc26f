-- The retention sweep's candidates (ADR 038, docs/perf/growth.md): checkouts that never reached payment, oldest
-- first. The sweep runs on every scheduled tick; without this index it walked orders_created_at_idx past every old
-- order that ran (65 ms at 250k orders on PostgreSQL, a stall of the whole process on PGlite) to find none. The
-- predicate is the sweep's own row conditions, so the index holds only what the sweep may delete or must skip.
-- Expand-only.
CREATE INDEX IF NOT EXISTS "orders_unpaid_checkout_created_at_idx" ON "orders" USING btree ("created_at")
WHERE "status" IN ('pending', 'cancelled') AND "end_date" IS NULL AND "stripe_subscription_id" IS NULL
  AND "unit_id" IS NULL AND "link_signed_at" IS NULL;
