import { describe, expect, it } from 'vitest';
import { checkoutRegistrationOn, startDateInThePast, startDateTooLate } from './checkout';
import { addDays } from './dates';

/** The checkout's start-date window on a given today (the server's, from GET /api/today), not the machine's. */
describe('checkoutRegistrationOn(today)', () => {
  const today = '2031-08-20';
  const schema = checkoutRegistrationOn(today);
  const startDateMessages = (startDate: string) =>
    (schema.safeParse({ startDate }).error?.issues ?? [])
      .filter((issue) => issue.path[0] === 'startDate')
      .map((issue) => issue.message);

  it('accepts today to 60 days ahead of the day it is given', () => {
    expect(startDateMessages(today)).toEqual([]);
    expect(startDateMessages(addDays(today, 60))).toEqual([]);
  });

  it('refuses a day before it or beyond the window, with the spec messages', () => {
    expect(startDateMessages(addDays(today, -1))).toEqual([startDateInThePast]);
    expect(startDateMessages(addDays(today, 61))).toEqual([startDateTooLate]);
  });

  it('reads a today given as a function at each check', () => {
    let day = today;
    const following = checkoutRegistrationOn(() => day);
    const problems = () =>
      following.safeParse({ startDate: today }).error?.issues.filter((i) => i.path[0] === 'startDate');
    expect(problems()).toEqual([]);
    day = addDays(today, 1);
    expect(problems()?.map((issue) => issue.message)).toEqual([startDateInThePast]);
  });
});
