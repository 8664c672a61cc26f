import { describe, expect, it } from 'vitest';
import { business } from './business';
import {
  addDays,
  addMonths,
  formatCalendarDate,
  nextMonthlyBillDate,
  startOfDayInLosAngeles,
  todayInLosAngeles,
} from './dates';
import { cancellationConsequence } from './cancellation';

describe('calendar dates', () => {
  it('uses the Los Angeles calendar day', () => {
    // 06:30 UTC on Nov 21 is still Nov 20 in Los Angeles.
    expect(todayInLosAngeles(new Date('2026-11-21T06:30:00Z'))).toBe('2026-11-20');
    expect(todayInLosAngeles(new Date('2026-11-21T09:00:00Z'))).toBe('2026-11-21');
  });

  it('answers as the time zone data of Intl for every hour of 2024-2040 and around every change of 2007-2060', () => {
    const intlDay = new Intl.DateTimeFormat('en-CA', { timeZone: business.timeZone });
    const differences: string[] = [];
    const check = (at: number) => {
      const instant = new Date(at);
      if (todayInLosAngeles(instant) !== intlDay.format(instant)) differences.push(instant.toISOString());
    };
    for (let at = Date.UTC(2024, 0, 1); at < Date.UTC(2041, 0, 1); at += 3_600_000) check(at);
    for (let year = 2007; year <= 2060; year += 1) {
      for (const month of [2, 10]) {
        // The change falls on one of the first 14 days; the offset decides the date between 07:00 and 08:00 UTC
        // (midnight in PDT and in PST): every 5 minutes from 06:00 to 09:00 on each of them.
        for (let day = 1; day <= 15; day += 1) {
          for (let minute = 6 * 60; minute <= 9 * 60; minute += 5) check(Date.UTC(year, month, day, 0, minute));
        }
      }
    }
    expect(differences).toEqual([]);
  });

  it('writes a calendar date as Intl does in en-US, and refuses one that is not a date', () => {
    const intl = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    for (let day = '2020-01-01'; day < '2041-01-01'; day = addDays(day, 1)) {
      expect(formatCalendarDate(day)).toBe(intl.format(new Date(`${day}T12:00:00Z`)));
    }
    expect(formatCalendarDate('2026-06-01')).toBe('June 1, 2026');
    expect(() => formatCalendarDate('2026-13-01')).toThrow(RangeError);
  });

  it('adds months clamping to the end of shorter months', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
  });

  it('finds the next monthly anniversary after today', () => {
    expect(nextMonthlyBillDate('2026-06-10', '2026-11-21')).toBe('2026-12-10');
    expect(nextMonthlyBillDate('2026-06-21', '2026-11-21')).toBe('2026-12-21');
    expect(nextMonthlyBillDate('2026-06-22', '2026-11-21')).toBe('2026-11-22');
    // Started tomorrow: the first month was paid at checkout, the next bill is a month after the start.
    expect(nextMonthlyBillDate('2026-11-22', '2026-11-21')).toBe('2026-12-22');
  });
});

describe('cancellationConsequence', () => {
  const terms = { planType: 'monthly' as const, startDate: '2026-09-01', monthsMin: 4, today: '2026-11-21' };

  it('charges the early-termination fee for a date inside the minimum term', () => {
    expect(cancellationConsequence(terms, '2026-11-25')).toEqual({ kind: 'early-termination', feeCents: 15_000 });
    expect(cancellationConsequence(terms, '2026-12-31')).toEqual({ kind: 'early-termination', feeCents: 15_000 });
  });

  it('asks for 30 days of notice after the minimum term', () => {
    const late = { ...terms, startDate: '2026-03-01' };
    expect(cancellationConsequence(late, '2026-12-01')).toEqual({ kind: 'too-little-notice', earliest: '2026-12-21' });
    expect(cancellationConsequence(late, '2026-12-21')).toEqual({ kind: 'notice', noticeDays: 30 });
    expect(cancellationConsequence(terms, '2027-01-01')).toEqual({ kind: 'notice', noticeDays: 30 });
  });

  it('refuses a date in the past', () => {
    expect(cancellationConsequence(terms, '2026-11-20')).toEqual({ kind: 'in-the-past', earliest: '2026-11-21' });
  });
});

describe('startOfDayInLosAngeles', () => {
  it('is midnight Pacific time, standard or daylight', () => {
    expect(startOfDayInLosAngeles('2026-01-15').toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(startOfDayInLosAngeles('2026-07-15').toISOString()).toBe('2026-07-15T07:00:00.000Z');
    // The days the clocks change.
    expect(startOfDayInLosAngeles('2026-03-08').toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(startOfDayInLosAngeles('2026-11-01').toISOString()).toBe('2026-11-01T07:00:00.000Z');
  });
});
