import { business } from './business';
import { addDays, addMonths } from './dates';

export interface CancellationTermsInput {
  startDate: string;
  monthsMin: number;
  today: string;
}

export type CancellationConsequence =
  | { kind: 'in-the-past'; earliest: string }
  | { kind: 'early-termination'; feeCents: number }
  | { kind: 'too-little-notice'; earliest: string }
  | { kind: 'notice'; noticeDays: number };

/** The last day of the minimum commitment's coverage: start date plus the minimum months. */
export function minimumTermEndDate(startDate: string, monthsMin: number): string {
  return addMonths(startDate, monthsMin);
}

/**
 * What cancelling on `effectiveDate` means (spec section 9). Ending before the minimum term ends costs the
 * $150 early-termination fee; ending after it needs 30 days' notice, so such a date must be at least 30 days out.
 */
export function cancellationConsequence(terms: CancellationTermsInput, effectiveDate: string): CancellationConsequence {
  if (effectiveDate < terms.today) return { kind: 'in-the-past', earliest: terms.today };
  if (effectiveDate < minimumTermEndDate(terms.startDate, terms.monthsMin)) {
    return { kind: 'early-termination', feeCents: business.earlyTerminationFeeCents };
  }
  const earliest = addDays(terms.today, business.cancellationNoticeDays);
  if (effectiveDate < earliest) return { kind: 'too-little-notice', earliest };
  return { kind: 'notice', noticeDays: business.cancellationNoticeDays };
}
