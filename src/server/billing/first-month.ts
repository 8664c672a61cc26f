import type { PlanType } from '@/contracts/admin/orders';
import { formatCalendarDate, middayInLosAngeles } from '@/contracts/dates';
import { firstRenewalOn, intervalOfPlan } from '@/contracts/plan-terms';

/**
 * The bill dates a rental agrees to (agreement 1.1, ADR 012 addendum; the weekly plan, issue 29): the first period
 * runs from the start date and is paid at checkout; rent then renews on the start date + 1 month and monthly on that
 * day, or on the start date + 7 days and weekly. `item` is the first period as the checkout's one-time price;
 * `renewsAt` is when the subscription's own rent begins; `interval` is its price's recurring interval.
 */
export function firstPeriodBilling(planType: PlanType, startDate: string, periodCents: number) {
  const renewsOn = firstRenewalOn(planType, startDate);
  const what = planType === 'weekly' ? "First week's rent" : "First month's rent";
  return {
    interval: intervalOfPlan(planType),
    renewsOn,
    renewsAt: middayInLosAngeles(renewsOn),
    item: {
      amountCents: periodCents,
      description: `${what}, ${formatCalendarDate(startDate)} – ${formatCalendarDate(renewsOn)}`,
    },
  };
}

/** The monthly plan's first month (the public checkout's only plan). */
export const firstMonthBilling = (startDate: string, monthlyCents: number) =>
  firstPeriodBilling('monthly', startDate, monthlyCents);
