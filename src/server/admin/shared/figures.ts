import { sql } from 'drizzle-orm';
import { FAILED_PAYMENT_WINDOW_DAYS, type BusinessFigures, type MonthCollected } from '@/contracts/admin/figures';
import { addMonths, startOfDayInLosAngeles, todayInLosAngeles } from '@/contracts/dates';
import type { Db } from '@/server/platform/db/client';
import { creditTakenOffSql } from '@/server/billing/credits';
import { recurringRevenue } from './recurring-revenue';
import { queryRows } from '@/server/platform/db/sql';

/**
 * The one query module behind the money figures (definitions: src/contracts/admin/figures.ts). The stat cards
 * (admin/stats) and Analytics (admin/analytics) both call businessFigures, so the two cannot disagree; the SQL
 * here is the only place the rules meet the tables. Every instant comes from the app clock (`now`), never the
 * database's now(), so the demo's billing clock moves the figures too.
 */

const DAY_MS = 86_400_000;
const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;
/**
 * A customer who ever paid (`customers` in scope): an order of theirs that ran (orderWasActive in
 * src/contracts/admin/figures.ts) or a paid invoice of theirs at the provider with money in it. Both only ever become
 * true, so migration 0029's triggers keep the rule as a flag on the customer, set when either happens (ADR 042):
 * reading it is one column, where the rule itself looked through every order and paid invoice.
 */
export const customerHasPaidSql = sql`customers.has_paid`;

/** The LA calendar month of an instant, and the instants it starts and ends. */
export function monthOf(now: Date, monthsBack = 0) {
  const first = addMonths(`${todayInLosAngeles(now).slice(0, 7)}-01`, -monthsBack);
  return {
    month: first.slice(0, 7),
    start: startOfDayInLosAngeles(first),
    end: startOfDayInLosAngeles(addMonths(first, 1)),
  };
}

/**
 * Revenue collected in each of the last `months` months (oldest first, the current month last): Σ amount paid
 * of paid invoices by their paid_at month in Los Angeles, less the refunds made, by their month (ADR 030).
 * A statement a month (invoices_paid_at_idx): twelve months in one took about 90 ms on PGlite at 250k orders, and a
 * customer's statement waited behind it (ADR 042).
 */
export async function collectedByMonth(
  db: Db,
  now: Date,
  months: number,
  /** Months left out at the recent end (the current month's figure is the stat card's: adminAnalytics). */
  latestLeftOut = 0,
): Promise<MonthCollected[]> {
  const collected: MonthCollected[] = [];
  for (let back = months - 1; back >= latestLeftOut; back -= 1) {
    const { month, start, end } = monthOf(now, back);
    const [row] = await queryRows<{ cents: string | number }>(
      db,
      sql`
      select coalesce(sum(cents), 0) as cents from (
        select amount_paid_cents as cents from invoices
        where status = 'paid' and paid_at >= ${timestamp(start)} and paid_at < ${timestamp(end)}
        union all
        select -amount_cents from refunds
        where status = 'succeeded' and refunded_at >= ${timestamp(start)} and refunded_at < ${timestamp(end)}
      ) money`,
    );
    collected.push({ month, collectedCents: Number(row?.cents ?? 0) });
  }
  return collected;
}

/**
 * Every figure at `now`, in pieces that run side by side: four statements here, the month's collected revenue
 * (collectedByMonth) and recurring revenue (recurringRevenue, itself a statement per SUBSCRIPTIONS_PER_STATEMENT
 * current subscriptions). Apart, not one statement: on PGlite a statement cannot be interrupted, and at 250k
 * orders the whole of it ran for most of a second while every customer's statement waited (ADR 042); each piece here
 * is a fraction of that, and a customer's statement gets in between them. A statement keeps together what is added or
 * subtracted (the outstanding total; customers and leads), so those figures never mix two moments.
 */
export async function businessFigures(db: Db, now: Date): Promise<BusinessFigures> {
  const windowStart = new Date(now.getTime() - FAILED_PAYMENT_WINDOW_DAYS * DAY_MS);
  type Row = Record<string, number | string | null>;
  const [[collectedThisMonth], recurring, ...pieces] = await Promise.all([
    collectedByMonth(db, now, 1),
    recurringRevenue(db, now),
    queryRows<Row>(db, sql`select count(*) as active_rentals from orders where status = 'active'`),
    queryRows<Row>(
      db,
      sql`select count(*) filter (where ${customerHasPaidSql}) as customers, count(*) as all_customers from customers`,
    ),
    queryRows<Row>(
      db,
      sql`
      with open_invoices as (
        select count(*) as n, coalesce(sum(greatest(amount_due_cents - amount_paid_cents, 0)), 0) as cents
        from invoices where status = 'open'
      ),
      -- Pending fees not on an open invoice, by customer; what is left of each customer's credits comes off them
      -- (the provider takes the credit off the next invoice, which bills those fees): ADR 030.
      unbilled_fees as (
        select fee.customer_id, sum(fee.amount_cents) as cents from additional_fees fee
        where fee.status = 'pending' and not exists (
          select 1 from invoice_lines line join invoices on invoices.id = line.invoice_id
          where line.invoice_item_id = fee.stripe_invoice_id and invoices.status = 'open')
        group by fee.customer_id
      ),
      credit_left as (
        select given.customer_id, greatest(given.cents - coalesce((
          select sum(${creditTakenOffSql}) from invoices
          where invoices.gateway_customer_id = customers.stripe_customer_id), 0), 0) as cents
        from (select customer_id, sum(amount_cents) as cents from account_credits group by customer_id) given
        join customers on customers.id = given.customer_id
      )
      select
        (select n from open_invoices) as open_invoices,
        (select cents from open_invoices) as open_invoices_cents,
        (select coalesce(sum(cents), 0) from unbilled_fees) as unbilled_fees_cents,
        (select coalesce(sum(least(credit_left.cents, unbilled_fees.cents)), 0)
           from credit_left join unbilled_fees on unbilled_fees.customer_id = credit_left.customer_id) as credits_cents,
        (select count(*) from additional_fees where status = 'pending') as pending_fees,
        (select coalesce(sum(amount_cents), 0) from additional_fees where status = 'pending') as pending_fees_cents`,
    ),
    queryRows<Row>(
      db,
      sql`
      select coalesce(sum(attempt_count), 0) as attempts,
             coalesce(sum(attempt_count - case when status = 'paid' and attempt_count > 0 then 1 else 0 end), 0)
               as failed
      from invoices where issued_at > ${timestamp(windowStart)} and issued_at <= ${timestamp(now)}`,
    ),
  ]);
  const row: Row = Object.assign({}, ...pieces.map(([piece]) => piece));
  // Counts come back as bigint (a string from node-postgres), sums as numeric: Number() reads every one.
  const figure = (name: string) => Number(row[name] ?? 0);
  const customers = figure('customers');
  return {
    asOf: now.toISOString(),
    activeRentals: figure('active_rentals'),
    mrrCents: recurring.mrrCents,
    mrrAtRiskCents: recurring.mrrAtRiskCents,
    customers,
    leads: figure('all_customers') - customers,
    collectedThisMonth: collectedThisMonth!,
    outstanding: {
      openInvoices: figure('open_invoices'),
      openInvoicesCents: figure('open_invoices_cents'),
      unbilledFeesCents: figure('unbilled_fees_cents'),
      creditsCents: figure('credits_cents'),
      totalCents: figure('open_invoices_cents') + figure('unbilled_fees_cents') - figure('credits_cents'),
    },
    pendingFees: { count: figure('pending_fees'), amountCents: figure('pending_fees_cents') },
    failedPayments: {
      windowDays: FAILED_PAYMENT_WINDOW_DAYS,
      attempts: figure('attempts'),
      failed: figure('failed'),
    },
  };
}
