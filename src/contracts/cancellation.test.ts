import { describe, expect, it } from 'vitest';
import { cancellationConsequence, paidWeekEndDate } from './cancellation';

describe("a weekly rental's cancellation (no minimum term, ends at the end of the paid week)", () => {
  // Started on Wednesday June 3: weeks are paid from June 3, June 10, June 17…
  const weekly = { planType: 'weekly' as const, startDate: '2026-06-03', monthsMin: 0, today: '2026-06-12' };

  it('finds the end of the week paid for: the next 7-day anniversary of the start date after today', () => {
    expect(paidWeekEndDate('2026-06-03', '2026-06-12')).toBe('2026-06-17');
    // On a bill date that week is the one being paid, so the rental runs to the following one.
    expect(paidWeekEndDate('2026-06-03', '2026-06-10')).toBe('2026-06-17');
    expect(paidWeekEndDate('2026-06-03', '2026-06-09')).toBe('2026-06-10');
    // Before the start date the first week, paid with the order, is the one running.
    expect(paidWeekEndDate('2026-06-03', '2026-05-20')).toBe('2026-06-10');
  });

  it('ends at the end of the paid week with no early-termination fee, however soon after the start', () => {
    expect(cancellationConsequence(weekly, '2026-06-17')).toEqual({ kind: 'end-of-paid-week', endsOn: '2026-06-17' });
    expect(cancellationConsequence({ ...weekly, today: '2026-06-03' }, '2026-06-10')).toEqual({
      kind: 'end-of-paid-week',
      endsOn: '2026-06-10',
    });
  });

  it('refuses any other date, naming the end of the paid week, and a date in the past', () => {
    for (const date of ['2026-06-12', '2026-06-16', '2026-06-18', '2026-06-24']) {
      expect(cancellationConsequence(weekly, date)).toEqual({ kind: 'not-end-of-paid-week', endsOn: '2026-06-17' });
    }
    expect(cancellationConsequence(weekly, '2026-06-10')).toEqual({ kind: 'in-the-past', earliest: '2026-06-12' });
  });

  it('keeps the monthly rules for a monthly rental of the same dates', () => {
    const monthly = { ...weekly, planType: 'monthly' as const, monthsMin: 4 };
    expect(cancellationConsequence(monthly, '2026-06-17')).toEqual({ kind: 'early-termination', feeCents: 15_000 });
  });
});
