-- Recurring revenue reads the current subscriptions in id order, 5,000 a statement (admin/shared/recurring-revenue.ts,
-- ADR 042): this index holds only the subscriptions that may be current (not ended, a current status), so a piece
-- reads its 5,000 without passing every ended subscription of the history. Expand-only.
CREATE INDEX IF NOT EXISTS "subscriptions_current_idx" ON "subscriptions" USING btree ("id")
WHERE "ended_at" IS NULL AND "status" IN ('trialing', 'active', 'past_due');
