import type { PlanType } from '@/contracts/admin/orders';
import type { Locale } from '@/contracts/locale';
import { formatCents } from '@/contracts/money';
import { firstRenewalOn } from '@/contracts/plan-terms';
import { formatCalendarDateIn } from '@/i18n/format';
import { translator } from '@/i18n/translator';

/**
 * The rate as a customer's e-mail states it, in their language: the price per month or per week, the minimum term
 * and the first renewal (the first period runs from the start date and is paid at checkout: ADR 012 addendum).
 */
export function rateLine(
  locale: Locale,
  order: { type: string; priceCents: number; monthsMin: number; startDate: string },
): string {
  const planType: PlanType = order.type === 'weekly' ? 'weekly' : 'monthly';
  const nextBill = formatCalendarDateIn(locale, firstRenewalOn(planType, order.startDate));
  const price = formatCents(order.priceCents);
  const t = translator(locale, 'emails');
  return planType === 'weekly'
    ? t('rateWeekly', { price, nextBill })
    : t('rateMonthly', { price, months: order.monthsMin, nextBill });
}
