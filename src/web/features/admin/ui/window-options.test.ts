import { describe, expect, it } from 'vitest';
import { windowOptions } from './window-options';

describe("the schedule dialog's windows", () => {
  it("offers the day's windows with how booked each is, a full one saying so", () => {
    expect(
      windowOptions([
        { start: '08:00', end: '12:00', visits: 4, taken: 2 },
        { start: '12:00', end: '16:00', visits: 4, taken: 4 },
        { start: '16:00', end: '20:30', visits: 4, taken: 5 },
      ]),
    ).toEqual([
      { value: '08:00-12:00', label: '8AM-12PM · 2 of 4 booked' },
      { value: '12:00-16:00', label: '12PM-4PM · full (4 of 4 booked)' },
      { value: '16:00-20:30', label: '4PM-8:30PM · full (5 of 4 booked)' },
    ]);
  });

  it('offers the four fixed windows on a day without windows', () => {
    expect(windowOptions([])).toEqual([
      { value: 'morning', label: '8AM-11AM (morning)' },
      { value: 'midday', label: '11AM-2PM (midday)' },
      { value: 'afternoon', label: '2PM-5PM (afternoon)' },
      { value: 'evening', label: '5PM-8PM (evening)' },
    ]);
  });
});
