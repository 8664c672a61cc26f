import { addMonths, formatCalendarDate, middayInLosAngeles } from '@/contracts/dates';

/**
 * The bill dates a rental agrees to (agreement 1.1, ADR 012 addendum): the first month runs from the start date and
 * is paid at checkout; rent then renews on the start date + 1 month, and monthly on that day. `item` is the first
 * month as the checkout's one-time price; `renewsAt` is when the subscription's own rent begins.
 */
export function firstMonthBilling(startDate: string, monthlyCents: number) {
  const renewsOn = addMonths(startDate, 1);
  return {
    renewsAt: middayInLosAngeles(renewsOn),
    item: {
      amountCents: monthlyCents,
      description: `First month's rent, ${formatCalendarDate(startDate)} – ${formatCalendarDate(renewsOn)}`,
    },
  };
}
