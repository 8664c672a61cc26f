import type { PlanType } from './admin/orders';
import { business } from './business';
import { addDays, addMonths } from './dates';

/** How often a plan bills: Stripe's recurring interval for its price. */
export type BillingInterval = 'month' | 'week';

export const intervalOfPlan = (planType: PlanType): BillingInterval => (planType === 'weekly' ? 'week' : 'month');

/**
 * The first renewal of a rental (ADR 012 addendum, issue 29): the first period, which runs from the start date, is
 * paid at checkout; rent then renews on the start date + 1 month (monthly, then on that day of each month) or on the
 * start date + 7 days (weekly, then every 7 days).
 */
export function firstRenewalOn(planType: PlanType, startDate: string): string {
  return planType === 'weekly' ? addDays(startDate, 7) : addMonths(startDate, 1);
}

/**
 * The one-time delivery and installation fee of a rental without the minimum commitment (spec: "otherwise a $25
 * fee"; agreement, Rental Terms): every weekly rental, which has no minimum; none on the monthly plan.
 */
export const installationFeeCents = (planType: PlanType): number =>
  planType === 'weekly' ? business.deliveryFeeWithoutMinimumCents : 0;
