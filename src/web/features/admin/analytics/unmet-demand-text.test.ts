import { describe, expect, it } from 'vitest';
import { dayLabel, demandSummary, demandTotals, zipLine } from './unmet-demand-text';

const day = (date: string, counts: [number, number, number, number, number]) => {
  const [waitlistJoins, refusedServiceArea, refusedStock, refusedCapacity, waitlistLength] = counts;
  return { day: date, waitlistJoins, refusedServiceArea, refusedStock, refusedCapacity, waitlistLength };
};
const days = [day('2026-07-13', [2, 1, 0, 3, 5]), day('2026-07-14', [1, 4, 1, 0, 4])];

describe('unmet demand as the Analytics tab words it', () => {
  it('sums the counts and takes the waitlist at the last day’s end', () => {
    expect(demandTotals(days)).toEqual({
      waitlistJoins: 3,
      refusedServiceArea: 5,
      refusedStock: 1,
      refusedCapacity: 3,
      waitlistLength: 4,
    });
    expect(demandTotals([])).toMatchObject({ waitlistJoins: 0, waitlistLength: 0 });
  });

  it('says the range in a sentence', () => {
    expect(demandSummary({ startDate: '2026-07-13', endDate: '2026-07-14', days, refusedZips: [] })).toBe(
      'July 13, 2026 to July 14, 2026: 9 checkouts turned away (5 outside the service area, 1 out of stock, 3 with ' +
        'no delivery window) and 3 restock sign-ups; 4 people waiting for a model at the end.',
    );
    const quiet = [day('2026-07-14', [1, 1, 0, 0, 1])];
    expect(demandSummary({ startDate: '2026-07-14', endDate: '2026-07-14', days: quiet, refusedZips: [] })).toContain(
      '1 checkout turned away (1 outside the service area, 0 out of stock, 0 with no delivery window) and 1 restock sign-up; 1 person waiting',
    );
  });

  it('labels days and ZIP codes', () => {
    expect(dayLabel('2026-07-14')).toEqual(['Tue', 'Jul 14']);
    expect(zipLine({ zipCode: '92363', city: 'Needles, CA', miles: 199.7, refused: 3 })).toBe(
      '92363 · Needles, CA · 199.7 mi',
    );
    expect(zipLine({ zipCode: '00000', city: null, miles: null, refused: 1 })).toBe('00000');
  });
});
