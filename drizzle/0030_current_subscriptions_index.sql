-- Recurring revenue reads the current subscriptions in id order, a few thousand a statement
-- (admin/shared/recurring-revenue.ts, ADR 042's addendum): this index holds only the subscriptions that may be
-- current (not ended, a current status), so a piece reads its own without passing every ended subscription of the
-- history. Expand-only.
CREATE INDEX IF NOT EXISTS "subscriptions_current_idx" ON "subscriptions" USING btree ("id")
WHERE "ended_at" IS NULL AND "status" IN ('trialing', 'active', 'past_due');
