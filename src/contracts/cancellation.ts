import type { PlanType } from './admin/orders';
import { business } from './business';
import { addDays, addMonths } from './dates';

export interface CancellationTermsInput {
  planType: PlanType;
  startDate: string;
  monthsMin: number;
  today: string;
}

export type CancellationConsequence =
  | { kind: 'in-the-past'; earliest: string }
  | { kind: 'early-termination'; feeCents: number }
  | { kind: 'too-little-notice'; earliest: string }
  | { kind: 'notice'; noticeDays: number }
  /** A weekly rental ending at the end of the week it has paid for, `endsOn`: no fee, nothing more billed. */
  | { kind: 'end-of-paid-week'; endsOn: string }
  /** A weekly rental can end only at the end of the week it has paid for, `endsOn`. */
  | { kind: 'not-end-of-paid-week'; endsOn: string };

/** The last day of the minimum commitment's coverage: start date plus the minimum months. */
export function minimumTermEndDate(startDate: string, monthsMin: number): string {
  return addMonths(startDate, monthsMin);
}

/**
 * The end of the week a weekly rental has paid for as of `today`, which is also its next bill date: the first 7-day
 * anniversary of the start date after today. The first week, from the start date, is paid when the order is.
 */
export function paidWeekEndDate(startDate: string, today: string): string {
  for (let weeks = 1; ; weeks += 1) {
    const end = addDays(startDate, 7 * weeks);
    if (end > today) return end;
  }
}

/**
 * What cancelling on `effectiveDate` means (spec section 9; the agreement's summary of each plan). Monthly: ending
 * before the minimum term ends costs the $150 early-termination fee; ending after it needs 30 days' notice, so such a
 * date must be at least 30 days out. Weekly (no minimum term, issue 29): no fee, and the rental ends at the end of the
 * week already paid for, its next bill date, with no renewal after it; any other date is refused.
 */
export function cancellationConsequence(terms: CancellationTermsInput, effectiveDate: string): CancellationConsequence {
  if (effectiveDate < terms.today) return { kind: 'in-the-past', earliest: terms.today };
  if (terms.planType === 'weekly') {
    const endsOn = paidWeekEndDate(terms.startDate, terms.today);
    return effectiveDate === endsOn ? { kind: 'end-of-paid-week', endsOn } : { kind: 'not-end-of-paid-week', endsOn };
  }
  if (effectiveDate < minimumTermEndDate(terms.startDate, terms.monthsMin)) {
    return { kind: 'early-termination', feeCents: business.earlyTerminationFeeCents };
  }
  const earliest = addDays(terms.today, business.cancellationNoticeDays);
  if (effectiveDate < earliest) return { kind: 'too-little-notice', earliest };
  return { kind: 'notice', noticeDays: business.cancellationNoticeDays };
}
